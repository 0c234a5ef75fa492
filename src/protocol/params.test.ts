import { describe, expect, it } from 'vitest';
import { ControllerParams, FieldParams, readHash } from './params.ts';

const hash = (o: Record<string, string>) => '#' + new URLSearchParams(o);
const base = { channel: 'abcdef0123456789', parentOrigin: 'http://127.0.0.1:4244' };
/** The mount a field is bound to (binding.ts). */
const mount = { publishableKey: 'vp_pk_test_abc123', sessionId: 'vp_cs_test_abc' };

describe('frame hash', () => {
  it('reads a controller hash', () => {
    expect(readHash(hash({ ...base, locale: 'fr' }), ControllerParams)).toEqual({ ...base, locale: 'fr' });
  });

  it('reads a field hash with JSON options and appearance', () => {
    const parsed = readHash(
      hash({ ...base, ...mount, elementId: 'card-1', type: 'card', options: '{"hidePostalCode":true}', appearance: '{"theme":"night"}' }),
      FieldParams,
    );
    expect(parsed).toMatchObject({ ...mount, type: 'card', options: { hidePostalCode: true }, appearance: { theme: 'night' } });
  });

  it('refuses bad hashes', () => {
    const field = { ...base, ...mount, elementId: 'card-1', type: 'card' };
    for (const bad of [
      { ...base, parentOrigin: '*' },
      { ...base, parentOrigin: 'http://shop.test/path' },
      { ...base, parentOrigin: 'javascript:alert(1)' },
      { ...base, channel: 'short' },
    ]) {
      expect(readHash(hash(bad), ControllerParams)).toBeNull();
    }
    for (const bad of [
      { ...field, type: 'iban' },
      { ...field, publishableKey: 'vp_sk_test_abc123' },
      { ...field, publishableKey: '' },
      { ...field, sessionId: '' },
      { ...field, sessionId: 'x'.repeat(81) },
      { ...field, elementId: 'a b' },
      { ...field, options: '{bad json' },
      { ...field, options: '{"color":"red"}' },
      { ...field, options: '"disabled"' },
      { ...field, options: JSON.stringify({ placeholder: 'x'.repeat(100) }).padEnd(4001, ' ') },
      { ...field, appearance: '{"theme":"neon"}' },
      { ...field, appearance: '{"variables":' },
      { ...field, appearance: JSON.stringify({ variables: { colorText: 'x'.repeat(201) } }) },
      { ...field, appearance: JSON.stringify({ variables: { ['k'.repeat(65)]: 'red' } }) },
      { ...field, appearance: JSON.stringify({ variables: { colorText: 1 } }) },
      { ...field, appearance: JSON.stringify({ variables: ['red'] }) },
      // The frame checks the appearance again (the embed script did first): no CSS beyond its rules.
      { ...field, appearance: JSON.stringify({ variables: { colorBackground: 'url(https://evil.test/x)' } }) },
      { ...field, appearance: JSON.stringify({ variables: { colourText: '#111' } }) },
      { ...field, appearance: JSON.stringify({ rules: { '.Input': { backgroundImage: 'none' } } }) },
    ]) {
      expect(readHash(hash(bad), FieldParams)).toBeNull();
    }
    // A field that does not know its key and session could not tell its controller.
    expect(readHash(hash({ ...base, elementId: 'card-1', type: 'card' }), FieldParams)).toBeNull();
  });

  it('reads JSON up to 4000 characters, and only for keys the schema declares', () => {
    const field = { ...base, ...mount, elementId: 'card-1', type: 'card' };
    const options = JSON.stringify({ placeholder: 'x'.repeat(100) }).padEnd(4000, ' ');
    expect(readHash(hash({ ...field, options }), FieldParams)?.options).toEqual({ placeholder: 'x'.repeat(100) });
    const variables = { colorText: '#111', fontFamily: 'f'.repeat(200) };
    const rules = { '.Input': { boxShadow: '0 1px 2px #0002' } };
    expect(readHash(hash({ ...field, appearance: JSON.stringify({ variables, rules }) }), FieldParams)?.appearance).toEqual({ variables, rules });
    // The controller has no `options`: the key is ignored (stripped), not parsed.
    expect(readHash(hash({ ...base, options: '{bad json' }), ControllerParams)).toEqual(base);
  });
});
