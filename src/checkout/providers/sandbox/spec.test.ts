/** What a checkout mounts for a `sandbox` answer: the fields frame, or nothing it can trust. */
import { describe, expect, it } from 'vitest';
import { frameSpec } from './spec.ts';

const ctx = { parentOrigin: 'http://localhost:4242', locale: 'fr-FR', key: 7 };

describe('the sandbox fields frame', () => {
  it('mounts the sandbox fields frame with the token, the page origin and the locale in its hash', () => {
    const f = frameSpec({ type: 'sandbox', token: 'sbx_tok_1', environment: 'sandbox', fieldsUrl: 'http://127.0.0.1:4243/fields#old' }, ctx);
    expect(f).toEqual({ url: 'http://127.0.0.1:4243/fields#token=sbx_tok_1&parentOrigin=http%3A%2F%2Flocalhost%3A4242&locale=fr-FR', origin: 'http://127.0.0.1:4243', key: 7 });
  });

  it('refuses a fields page that is not http(s)', () => {
    expect(frameSpec({ type: 'sandbox', token: 't', environment: 'sandbox', fieldsUrl: 'data:text/html,x' }, ctx)).toEqual({ kind: 'unsupported', context: { type: 'sandbox' } });
  });
});
