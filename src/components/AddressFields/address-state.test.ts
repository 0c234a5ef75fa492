import { describe, expect, it } from 'vitest';
import { AddressValue } from '../../protocol/messages.ts';
import { emptyTexts, problemOf, stateOf, valueOf, type AddressConfig, type AddressTexts, type Part, type Reveal } from './address-state.ts';

const config: AddressConfig = { name: 'required', phone: 'optional', required: true };
const texts = (t: Partial<AddressTexts>): AddressTexts => ({ ...emptyTexts('US'), ...t });
const none = { name: 'none', line1: 'none', line2: 'none', city: 'none', state: 'none', postalCode: 'none', phone: 'none' } satisfies Record<Part, Reveal>;

describe('address state', () => {
  it('sends trimmed, canonical, bounded text that the wire schema accepts', () => {
    const value = valueOf(
      texts({ country: 'GB', name: '  Ada  ', line1: 'x'.repeat(250), city: ' London ', state: 'Greater London', postalCode: 'sw1a1aa', phone: '+44 20 7946 0000' }),
      config,
    );
    expect(value).toEqual({
      name: 'Ada',
      phone: '+44 20 7946 0000',
      address: { line1: 'x'.repeat(200), line2: '', city: 'London', state: 'Greater London', postalCode: 'SW1A 1AA', country: 'GB' },
    });
    expect(AddressValue.safeParse(value).success).toBe(true);
  });

  it('sends a listed subdivision as its code, and nothing for one not on the list', () => {
    expect(valueOf(texts({ state: 'California' }), config).address.state).toBe('CA');
    expect(valueOf(texts({ state: 'Bavaria' }), config).address.state).toBe('');
  });

  it('leaves out what the country does not show: no state in Germany', () => {
    expect(valueOf(texts({ country: 'DE', state: 'Bayern' }), config).address.state).toBe('');
  });

  it('is complete only when every required input is valid, and empty only when nothing is typed', () => {
    const full = texts({ name: 'Ada', line1: '1 Main St', city: 'Boston', state: 'MA', postalCode: '02108' });
    expect(stateOf(full, config, none, 'en')).toMatchObject({ empty: false, complete: true, error: null });
    expect(stateOf({ ...full, postalCode: '0210' }, config, none, 'en')).toMatchObject({ complete: false, error: null });
    expect(stateOf({ ...full, postalCode: '0210' }, config, { ...none, postalCode: 'blur' }, 'en').error).toEqual({ code: 'invalid_postal_code', message: 'Your ZIP code is invalid.' });
    expect(stateOf(texts({}), config, none, 'en')).toMatchObject({ empty: true, complete: false });
  });

  it('names each missing input in its error code', () => {
    for (const [part, code] of [['name', 'incomplete_name'], ['line1', 'incomplete_line1'], ['city', 'incomplete_city'], ['state', 'incomplete_state'], ['postalCode', 'incomplete_postal_code']] as const) {
      expect(problemOf(part, texts({}), config)?.code).toBe(code);
    }
    expect(problemOf('phone', texts({}), config)).toBeNull();
    expect(problemOf('phone', texts({}), { ...config, phone: 'required' })?.code).toBe('incomplete_phone');
    expect(problemOf('line2', texts({}), config)).toBeNull();
  });
});
