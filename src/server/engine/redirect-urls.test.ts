/**
 * Issue 32, finding 10c: a redirect URL is kept as the parser's `href`, and refused when the host it
 * shows is not the host it goes to.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors.ts';
import { checkRedirectUrl } from './redirect-urls.ts';

const check = (url: string, livemode = false) => {
  try {
    return checkRedirectUrl(url, 'successUrl', livemode);
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
};

/** The host a reader that follows RFC 3986 (Appendix B) sees: `\` is a plain character there. */
const rfc3986Host = (url: string) => {
  const authority = /^(?:[^:/?#]+:)?(?:\/\/([^/?#]*))?/.exec(url)?.[1] ?? '';
  return authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '').toLowerCase();
};

describe('a redirect URL shows the host it goes to (issue 32, finding 10c)', () => {
  it.each([
    'https://shop.example.com\\@evil.example/',
    'https://shop.example.com@evil.example/',
    'https://user:pass@shop.example.com/',
    'https://shop.example.com\\evil.example/',
    ' https://shop.example.com/',
    'https://shop.exa\tmple.com/',
    'https://shop.example.com/\nthanks',
    'https://shop%2eexample.com/',
    'http://0x7f.1/',
    'https:shop.example.com/thanks',
    'https:///shop.example.com/',
  ])('refuses %s with validation_error', (url) => {
    expect(check(url)).toBe('validation_error');
  });

  it.each([
    ['https://shop.example.com/thanks?order=7&b=2#done', 'https://shop.example.com/thanks?order=7&b=2#done'],
    ['https://Shop.Example.com:443/thanks', 'https://shop.example.com/thanks'],
    ['https://shop.example.com', 'https://shop.example.com/'],
    ['https://shop.example.com:8443/a/../b', 'https://shop.example.com:8443/b'],
    ['https://bücher.example/kasse', 'https://xn--bcher-kva.example/kasse'],
    ['http://[::1]:8080/ok', 'http://[::1]:8080/ok'],
    ['https://shop.example.com/ok?q=%20', 'https://shop.example.com/ok?q=%20'],
  ])('keeps %s as %s', (url, stored) => {
    expect(check(url)).toBe(stored);
  });

  it('keeps the mode rules: another scheme, and http or localhost in live mode, are validation_url_scheme_forbidden', () => {
    expect(check('javascript://shop.example.com/%0aalert(1)')).toBe('validation_url_scheme_forbidden');
    expect(check('http://shop.example.com/', true)).toBe('validation_url_scheme_forbidden');
    expect(check('https://localhost/', true)).toBe('validation_url_scheme_forbidden');
  });

  it('never accepts a URL whose host another reader sees differently, and stores what it accepts unchanged the second time', () => {
    const piece = fc.constantFrom('shop', 'evil', '.', 'example', 'com', '\\', '@', ':', '443', '/', '?', '#', '%2e', '%40', '\t', '\n', ' ', '\u0000', 'A', '0x7f', '[', ']', 'x=1', '&');
    const url = fc.tuple(fc.constantFrom('https://', 'http://', 'https:', 'https:/', 'HTTPS://'), fc.array(piece, { maxLength: 16 })).map(([s, p]) => s + p.join(''));
    fc.assert(
      fc.property(url, (raw) => {
        let parsed: URL;
        try {
          parsed = new URL(raw);
        } catch {
          return;
        }
        const stored = check(raw);
        if (stored === 'validation_error' || stored === 'validation_url_scheme_forbidden') return;
        expect(rfc3986Host(raw)).toBe(parsed.hostname);
        expect(rfc3986Host(stored!)).toBe(parsed.hostname);
        expect(check(stored!)).toBe(stored);
      }),
      { numRuns: 2000 },
    );
  });
});
