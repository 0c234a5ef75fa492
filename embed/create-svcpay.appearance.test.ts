// @vitest-environment happy-dom
/** `elements({ appearance })` in the embed script: checked before any frame sees it (issue 9, Appearance). */
import { afterEach, describe, expect, it } from 'vitest';
import { makeSvcPay } from './create-svcpay.ts';

const SERVICE = 'http://localhost:4242';
const PK = 'vp_pk_test_abc123';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('elements({ appearance })', () => {
  const mountCard = (appearance: unknown) => {
    document.body.innerHTML = '<div id="card"></div>';
    const elements = makeSvcPay(SERVICE)(PK).elements({ sessionId: 'cs_1', appearance: appearance as never });
    elements.create('card').mount('#card');
    const frame = document.querySelector<HTMLIFrameElement>('iframe[src*="/frames/field.html"]')!;
    const raw = new URLSearchParams(new URL(frame.src).hash.slice(1)).get('appearance');
    return raw === null ? null : (JSON.parse(raw) as unknown);
  };

  it('hands a valid appearance to the field frame', () => {
    const appearance = { theme: 'night', variables: { spacingUnit: '5px' }, rules: { '.Label': { textTransform: 'uppercase' } } };
    expect(mountCard(appearance)).toEqual(appearance);
  });

  it.each([
    [{ variables: { colorText: 'red; background: url(x)' } }, 'elements: appearance.variables.colorText does not fit the Appearance type'],
    [{ rules: { '.Input': { backgroundImage: 'url(x)' } } }, 'elements: appearance.rules[".Input"].backgroundImage does not fit'],
    [{ variables: { colourText: '#111' } }, 'elements: appearance.variables.colourText does not fit'],
    [{ theme: 'dark' }, 'elements: appearance.theme does not fit'],
  ])('throws at elements() for %j, naming the bad key', (appearance, named) => {
    expect(() => makeSvcPay(SERVICE)(PK).elements({ sessionId: 'cs_1', appearance: appearance as never })).toThrow(named);
  });

  it('keeps what it checked: changing the object afterwards reaches no frame', () => {
    document.body.innerHTML = '<div id="card"></div>';
    const appearance = { variables: { colorText: '#111111' } };
    const elements = makeSvcPay(SERVICE)(PK).elements({ sessionId: 'cs_1', appearance });
    appearance.variables.colorText = 'red;}body{background:url(//evil.test)';
    elements.create('card').mount('#card');
    const frame = document.querySelector<HTMLIFrameElement>('iframe[src*="/frames/field.html"]')!;
    expect(new URLSearchParams(new URL(frame.src).hash.slice(1)).get('appearance')).toBe('{"variables":{"colorText":"#111111"}}');
  });
});
