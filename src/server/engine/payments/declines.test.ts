import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { declineMessage as browserMessage } from '../../../locales/index.ts';
import { declineCodes, declines } from '../../../vocab/declines.ts';
import { actionOf, browserDeclineCode, declineMessage } from './declines.ts';

describe('server decline detail', () => {
  it('sends as decline_message exactly what an English browser shows', () => {
    for (const code of declineCodes) {
      expect(declineMessage(code), code).toBe((en as Record<string, string>)[declines[code].key]);
      expect(declineMessage(code), code).toBe(browserMessage('en', code));
    }
  });

  it('treats a code the catalogue does not know as a generic decline, shown as itself', () => {
    expect(actionOf('new_issuer_code')).toBe('generic');
    expect(declineMessage('new_issuer_code')).toBe(en['decline.default']);
    expect(browserDeclineCode('new_issuer_code')).toBe('new_issuer_code');
  });

  it('takes action and browser code from the catalogue', () => {
    for (const code of declineCodes) {
      expect(actionOf(code)).toBe(declines[code].action);
      expect(browserDeclineCode(code)).toBe(declines[code].browser);
    }
  });
});
