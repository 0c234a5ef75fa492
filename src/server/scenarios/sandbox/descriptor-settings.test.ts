/** Doc 3 `settings.descriptor` under Doc 2's rules: refused with 400 validation_error, nothing changed. */
import { describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';

const valid = { name: 'ACME STORE', city: 'Springfield', suffix: { source: 'order_id', fallback: 'pi_ref' } };

const BAD: [string, unknown, RegExp][] = [
  ['an empty name', { ...valid, name: '' }, /settings\.descriptor\.name: .*at least one character/],
  ['a name of 23 characters', { ...valid, name: 'x'.repeat(23) }, /settings\.descriptor\.name: .*at most 22/],
  ['a non-ASCII name', { ...valid, name: 'Café Zoë' }, /settings\.descriptor\.name: .*printable ASCII/],
  ...['<', '>', '\\', "'", '"', '*'].map((c): [string, unknown, RegExp] => [`a name with ${c}`, { ...valid, name: `AC${c}ME` }, /settings\.descriptor\.name: .*must not contain/]),
  ['a custom source without key', { ...valid, suffix: { source: 'custom', fallback: 'skip' } }, /settings\.descriptor\.suffix\.key: is required when source is `custom`/],
  ['a custom source with an empty key', { ...valid, suffix: { source: 'custom', key: ' ', fallback: 'skip' } }, /suffix\.key: is required/],
  ...['email', 'buyer_phone', 'card_number', 'ssn', 'tax_id', 'shippingAddress'].map((key): [string, unknown, RegExp] => [
    `a custom key ${key}`,
    { ...valid, suffix: { source: 'custom', key, fallback: 'skip' } },
    new RegExp(`suffix\\.key: \`${key}\` looks like personal data`),
  ]),
  ['a key with a source that ignores it', { ...valid, suffix: { source: 'order_id', key: 'ref', fallback: 'skip' } }, /suffix\.key: is only used with source `custom`/],
  ['a literal fallback without literal', { ...valid, suffix: { source: 'order_id', fallback: 'literal' } }, /suffix\.literal: is required when fallback is `literal`/],
  ['a literal with a * in it', { ...valid, suffix: { source: 'order_id', fallback: 'literal', literal: 'WEB*SHOP' } }, /suffix\.literal: must not contain/],
  ['a literal with another fallback', { ...valid, suffix: { source: 'order_id', fallback: 'skip', literal: 'WEB' } }, /suffix\.literal: is only used with fallback `literal`/],
];

describe('settings.descriptor on the sandbox control API', () => {
  it.each(BAD)('POST refuses %s, and creates no merchant', async (_, descriptor, message) => {
    const t = await testApp();
    const before = (await t.count('merchants'));
    const res = await t.json('POST', '/_sandbox/merchants', { settings: { descriptor } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('validation_error');
    expect(body.error).toMatch(message);
    expect((await t.count('merchants'))).toBe(before);
  });

  it.each(BAD)('PATCH refuses %s, and keeps the descriptor as it was', async (_, descriptor) => {
    const t = await testApp();
    const m = await (await t.json('POST', '/_sandbox/merchants', { settings: { descriptor: valid } })).json();
    const res = await t.json('PATCH', `/_sandbox/merchants/${m.id}`, { settings: { descriptor } });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('validation_error');
    expect((await t.store.read.merchants.get(m.id))!.settings.descriptor).toEqual(valid);
  });

  it('accepts the rules at their limits, and PATCH replaces or clears the descriptor', async () => {
    const t = await testApp();
    const edge = { name: 'x'.repeat(22), suffix: { source: 'custom', key: 'campaign', fallback: 'literal', literal: 'WEB ORDER' } };
    const created = await t.json('POST', '/_sandbox/merchants', { settings: { descriptor: edge } });
    expect(created.status).toBe(201);
    const m = await created.json();
    expect((await t.store.read.merchants.get(m.id))!.settings.descriptor).toEqual(edge);
    const patched = await t.json('PATCH', `/_sandbox/merchants/${m.id}`, { settings: { descriptor: valid } });
    expect((await patched.json()).settings.descriptor).toEqual(valid);
    const cleared = await t.json('PATCH', `/_sandbox/merchants/${m.id}`, { settings: { descriptor: null } });
    expect((await cleared.json()).settings.descriptor).toBeNull();
  });

  it('reads a stored descriptor that breaks the rules as none, instead of failing the merchant', async () => {
    const t = await testApp();
    const m = await (await t.json('POST', '/_sandbox/merchants', { settings: { descriptor: valid, shipping: 'required' } })).json();
    // As a database written before the name rules would hold it.
    const row = (await t.query('SELECT settings FROM merchants WHERE id = ?', m.id))[0] as { settings: string };
    const settings = { ...JSON.parse(row.settings), descriptor: { ...valid, name: 'OLD*NAME' } };
    t.store.db.prepare('UPDATE merchants SET settings = ? WHERE id = ?').run(JSON.stringify(settings), m.id);
    // A rolled-back transaction empties the merchant cache, so the next read goes to the row.
    await t.store.tx(async () => Promise.reject(new Error('drop the caches'))).catch(() => undefined);
    const res = await t.json('GET', '/v1/descriptor_config', undefined, bearer(m.keys.secret));
    expect(res.status).toBe(200);
    expect((await res.json()).descriptor).toBeNull();
    expect((await t.store.read.merchants.get(m.id))!.settings.shipping).toBe('required');
  });
});
