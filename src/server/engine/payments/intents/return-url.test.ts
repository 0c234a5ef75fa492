import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../domain/errors.ts';
import { checkReturnUrl } from './return-url.ts';

const codeOf = (url: string, livemode: boolean) => {
  try {
    checkReturnUrl(url, livemode);
    return 'accepted';
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
};

describe('checkReturnUrl (Doc 2: absolute HTTPS, localhost accepted for development)', () => {
  it.each([
    'https://shop.example.com/return',
    'https://shop.example.com:8443/return?order=1#done',
    'http://localhost:4244/return',
    'http://localhost/return',
    'https://localhost:3000/return',
    'http://127.0.0.1:4244/return',
    'http://[::1]:8080/return',
    'http://app.localhost:5173/return',
  ])('test mode accepts %s', (url) => {
    expect(codeOf(url, false)).toBe('accepted');
  });

  it.each(['https://shop.example.com/return', 'https://shop.example.com:8443/return'])('live mode accepts %s', (url) => {
    expect(codeOf(url, true)).toBe('accepted');
  });

  it.each([
    ['http://shop.example.com/return', false],
    ['http://localhost.example.com/return', false],
    ['http://127.0.0.2/return', false],
    ['http://localhost:4244/return', true],
    ['https://localhost/return', true],
    ['https://127.0.0.1/return', true],
    ['http://shop.example.com/return', true],
    ['javascript:alert(1)', false],
    ['ftp://shop.example.com/return', false],
    ['data:text/html,hi', true],
  ] as const)('refuses %s (livemode %s) with validation_url_scheme_forbidden', (url, livemode) => {
    expect(codeOf(url, livemode)).toBe('validation_url_scheme_forbidden');
  });

  it.each(['/return', 'shop.example.com/return', '', 'not a url', `https://shop.example.com/${'a'.repeat(2048)}`, 'https://user:pw@shop.example.com/return', 'https://shop.example.com\\@evil.example/return', 'https://shop.example.com/re\nturn'])(
    'refuses %j with validation_error',
    (url) => {
      expect(codeOf(url, false)).toBe('validation_error');
    },
  );

  it('answers the URL to store: the parsed href (issue 32, finding 10c)', () => {
    expect(checkReturnUrl('https://Shop.Example.com:443/return?order=7', false)).toBe('https://shop.example.com/return?order=7');
  });

  it('names return_url in the message', () => {
    expect(() => checkReturnUrl('http://shop.example.com/return', false)).toThrow(/return_url must use https/);
    expect(() => checkReturnUrl('/return', false)).toThrow(/return_url must be an absolute URL/);
  });
});
