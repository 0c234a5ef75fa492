/** Issue 37: what the guard of storable.ts finds in a body, and what it leaves. */
import { expect, it } from 'vitest';
import { firstUnstorable, unstorable } from './storable.ts';

it('names NUL characters and unpaired surrogates, and takes every other text, emoji and pairs included', () => {
  expect(unstorable('a\u0000b')).toMatch(/NUL/);
  expect(unstorable('\ud800')).toMatch(/unpaired surrogate/);
  expect(unstorable('x\udc00')).toMatch(/unpaired surrogate/);
  expect(unstorable('\ud83d\ude00 zoë ١٢٣ \ufffd')).toBeNull();
});

it('finds the first such string or key by its path, in document order', () => {
  expect(firstUnstorable({ a: 'ok', b: [{ c: 'ok' }, { d: 'x\u0000' }], e: '\ud800' })).toEqual({ path: 'b.1.d', why: expect.stringMatching(/NUL/) });
  expect(firstUnstorable({ meta: { 'k\u0000': 1 } })).toEqual({ path: 'meta (a key)', why: expect.stringMatching(/NUL/) });
  expect(firstUnstorable('\u0000')).toEqual({ path: 'body', why: expect.any(String) });
  expect(firstUnstorable({ a: 1, b: [true, null, 'fine'] })).toBeNull();
});

it('walks a body 20,000 arrays deep without overflowing the stack', () => {
  const deep = JSON.parse(`${'['.repeat(20_000)}"\\u0000"${']'.repeat(20_000)}`) as unknown;
  expect(firstUnstorable(deep)?.why).toMatch(/NUL/);
});
