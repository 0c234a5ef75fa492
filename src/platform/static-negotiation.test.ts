import { describe, expect, it } from 'vitest';
import { chooseEncoding, etagMatches } from './static-negotiation.ts';

const both = { br: true, gzip: true };

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, then identity', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(chooseEncoding('gzip, deflate', both)).toBe('gzip');
    expect(chooseEncoding('deflate', both)).toBe('identity');
  });

  it('sends identity when the client says nothing, or names nothing', () => {
    expect(chooseEncoding(undefined, both)).toBe('identity');
    expect(chooseEncoding('', both)).toBe('identity');
  });

  it('treats q=0 as a refusal', () => {
    expect(chooseEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(chooseEncoding('br; q=0.000, gzip;q=0', both)).toBe('identity');
    expect(chooseEncoding('*;q=0', both)).toBe('identity');
  });

  it('ranks by q before its own preference', () => {
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0.8, gzip;q=0.8', both)).toBe('br');
    expect(chooseEncoding('gzip;q=0.5, identity', both)).toBe('identity');
  });

  it('applies * to codings not named', () => {
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('br;q=0, *', both)).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.4, *;q=0.2', both)).toBe('gzip');
  });

  it('reads names case-insensitively and refuses a malformed q', () => {
    expect(chooseEncoding('BR', both)).toBe('br');
    expect(chooseEncoding('br;Q=0, GZip', both)).toBe('gzip');
    expect(chooseEncoding('br;q=high, gzip;q=0.1', both)).toBe('gzip');
    expect(chooseEncoding('br;q=2', both)).toBe('identity');
  });

  it('only picks what the build produced', () => {
    expect(chooseEncoding('br, gzip', { br: false, gzip: true })).toBe('gzip');
    expect(chooseEncoding('br, gzip', { br: false, gzip: false })).toBe('identity');
  });
});

describe('etagMatches', () => {
  const tag = '"abc-br"';
  it('matches the tag, in a list, weak or not, and *', () => {
    expect(etagMatches('"abc-br"', tag)).toBe(true);
    expect(etagMatches('"x", "abc-br"', tag)).toBe(true);
    expect(etagMatches('W/"abc-br"', tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
  });

  it('does not match another representation of the same file, or nothing', () => {
    expect(etagMatches('"abc"', tag)).toBe(false);
    expect(etagMatches('"abc-gz"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
    expect(etagMatches('abc-br', tag)).toBe(false);
  });
});
