import { describe, expect, it } from 'vitest';
import en from './en.json';
import { missingWording, pickWording } from './frame-wording.ts';

describe('frame wording', () => {
  it('keeps the keys under the prefixes, nothing else', () => {
    const picked = pickWording(en, ['card.', 'error.']);
    expect(picked['card.number.label']).toBe('Card number');
    expect(picked['error.invalid_cvc']).toBe(en['error.invalid_cvc']);
    expect(Object.keys(picked).some((k) => k.startsWith('address.') || k.startsWith('decline.'))).toBe(false);
  });

  it('passes code that names only the keys it carries', () => {
    const js = 'x(`card.number.label`);y("error.invalid_cvc");z(`error.${e}`)';
    expect(missingWording(js, en, ['card.', 'error.'])).toBeNull();
  });

  it('finds a key the code names but the page leaves out, in any quotes', () => {
    for (const js of ['t(e,`decline.default`)', "t(e,'decline.default')", 't(e,"decline.default")']) {
      expect(missingWording(js, en, ['card.', 'error.'])).toEqual({ key: 'decline.default', named: 'decline.default' });
    }
  });

  it('finds a key named by its head: a template, or a literal joined later', () => {
    expect(missingWording('t(e,`decline.${c}`)', en, ['card.'])).toMatchObject({ named: 'decline.' });
    expect(missingWording('t(e,"address.error."+c)', en, ['card.', 'address.state.'])).toMatchObject({ named: 'address.error.' });
  });
});
