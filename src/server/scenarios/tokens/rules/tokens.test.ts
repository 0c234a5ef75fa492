/**
 * Tokens (Doc 2; Doc 3 decisions) where the money path depends on them: a vault the processor cannot
 * answer, the stored-credential declaration a later merchant-initiated charge is checked against,
 * a card vaulted from the fields of a session that closed meanwhile, and the saved-card list's
 * cursor and page size. Written against the mutants Stryker showed surviving in tokens.ts.
 */
import { describe, expect, it } from 'vitest';
import { ProcessorUnavailableError } from '../../../processors/types.ts';
import { APPROVED, SERVICE, bearer, expectRefused, expiry, testApp, world } from '../../payment-intents/fixtures.ts';

type W = Awaited<ReturnType<typeof world>>;

const CARD = { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc: '123' };
const browserVault = (w: W, sessionId: string) =>
  w.t.json('POST', '/v1/public/tokens', { sessionId, card: CARD }, { ...bearer(w.keys.publishable), Origin: SERVICE });
const newSession = async (w: W, extra: Record<string, unknown> = {}) =>
  (await w.post('/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: false, ...extra })).body as { id: string };

describe('POST /v1/tokens', () => {
  it('a processor vault that cannot answer is 502 provider_unavailable, nothing stored; the same request works once it is back', async () => {
    const w = await world();
    const real = w.t.processor.vault.bind(w.t.processor);
    w.t.processor.vault = async () => {
      throw new ProcessorUnavailableError('timed out');
    };
    await expectRefused(w, await w.t.json('POST', '/v1/tokens', { provider_reference: APPROVED }, w.sk), 502, 'provider_unavailable');
    expect((await w.t.count('payment_methods'))).toBe(0);
    w.t.processor.vault = real;
    expect((await w.t.json('POST', '/v1/tokens', { provider_reference: APPROVED }, w.sk)).status).toBe(201);
  });

  it('warns that the stored-credential declaration needs buyer_id when only an email or no buyer is named', async () => {
    const w = await world();
    const cases = [
      { provider_reference: APPROVED, stored_credential_use: 'recurring', currency: 'usd' },
      { provider_reference: APPROVED, setup_for_future_use: 'off_session', buyer: { email: 'only@example.com' }, currency: 'usd' },
    ];
    for (const body of cases) {
      const res = await w.t.json('POST', '/v1/tokens', body, w.sk);
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect((await res.json()).warnings).toEqual([expect.objectContaining({ code: 'stored_credential_use_not_applied', field: 'buyer_id' })]);
    }
    const full = await w.t.json('POST', '/v1/tokens', { ...cases[1], buyer_id: 'b-1' }, w.sk);
    expect((await full.json()).warnings).toBeUndefined();
  });

  it('keeps stored_credential_use: a merchant-initiated charge for another reason is 400 validation_error', async () => {
    const w = await world();
    const card = await w.vault(APPROVED, { setup_for_future_use: 'off_session', buyer_id: 'sub-9', stored_credential_use: 'recurring', currency: 'usd' });
    const first = await w.payJson(card);
    expect(first.body.status).toBe('succeeded');
    const res = await w.pay(card, { mit: { initiator: 'merchant', reason: 'unscheduled', original_transaction_id: first.body.id } });
    await expectRefused(w, res, 400, 'validation_error');
    expect((await w.t.count('payment_intents'))).toBe(1);
    const ok = await w.payJson(card, { mit: { initiator: 'merchant', reason: 'recurring', original_transaction_id: first.body.id } });
    expect(ok.body.status).toBe('succeeded');
  });
});

describe('POST /v1/public/tokens: a card from the fields of a session', () => {
  it('refuses a paid session (409 session_already_completed) and an expired one (410 session_expired), storing no card', async () => {
    const w = await world();
    const { session: paid, token } = await w.fieldsToken();
    expect((await w.payJson(token, { session_id: paid.id })).body.status).toBe('succeeded');
    const before = (await w.t.count('payment_methods'));
    await expectRefused(w, await browserVault(w, paid.id), 409, 'session_already_completed');
    const closed = await newSession(w);
    expect((await w.post(`/v1/sessions/${closed.id}/expire`)).status).toBe(200);
    await expectRefused(w, await browserVault(w, closed.id), 410, 'session_expired');
    expect((await w.t.count('payment_methods'))).toBe(before);
    // Refused before the card data went anywhere: the processor's vault holds only the paid session's card.
    expect((w.t.sandbox.db.prepare('SELECT count(*) AS n FROM vault').get() as { n: number }).n).toBe(1);
  });

  it('refuses a session whose time ran out even before the sweep marked it expired', async () => {
    const w = await world();
    const s = await newSession(w, { expiresIn: 300 });
    // The clock moves without running the scheduler's sweep.
    await w.t.deps.clock.advance(301);
    await expectRefused(w, await browserVault(w, s.id), 410, 'session_expired');
    expect((await w.t.count('payment_methods'))).toBe(0);
    expect((w.t.sandbox.db.prepare('SELECT count(*) AS n FROM vault').get() as { n: number }).n).toBe(0);
  });

  it.each([
    ['expired', 410, 'session_expired'],
    ['paid', 409, 'session_already_completed'],
  ] as const)('a session %s while the card was being vaulted gets no card (%s %s)', async (what, status, code) => {
    const w = await world();
    const s = await newSession(w);
    const real = w.t.processor.vault.bind(w.t.processor);
    let reached!: () => void;
    const atGate = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    w.t.processor.vault = async (...args) => {
      w.t.processor.vault = real;
      reached();
      await gate;
      return real(...args);
    };
    const pending = browserVault(w, s.id);
    await atGate;
    if (what === 'expired') expect((await w.post(`/v1/sessions/${s.id}/expire`)).status).toBe(200);
    else expect((await w.payJson(await w.vault(), { session_id: s.id })).body.status).toBe('succeeded');
    const before = (await w.t.count('payment_methods'));
    release();
    await expectRefused(w, await pending, status, code);
    expect((await w.t.count('payment_methods'))).toBe(before);
  });
});

describe('GET /v1/payment_methods', () => {
  async function saved(w: W, buyer: string, n: number) {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await w.vault(APPROVED, { setup_for_future_use: 'on_session', buyer_id: buyer }));
    return ids;
  }
  const list = (w: W, q: string) => w.t.json('GET', `/v1/payment_methods?${q}`, undefined, w.sk);

  it('a page exactly as long as the list says has_more false; limit 100 is no cap and gets no warning', async () => {
    const w = await world();
    await saved(w, 'b-page', 2);
    const exact = await (await list(w, 'buyer_id=b-page&limit=2')).json();
    expect(exact).toMatchObject({ has_more: false, next_cursor: null });
    expect(exact.data).toHaveLength(2);
    const shorter = await (await list(w, 'buyer_id=b-page&limit=1')).json();
    expect(shorter).toMatchObject({ has_more: true });
    const hundred = await (await list(w, 'buyer_id=b-page&limit=100')).json();
    expect(hundred.warnings).toBeUndefined();
    expect(hundred.data).toHaveLength(2);
  });

  it('refuses a cursor that is not of this list: an unknown id, another buyer’s card, another merchant’s, or any card for an unknown buyer', async () => {
    const t = await testApp();
    const w = await world(t);
    const other = await world(t);
    await saved(w, 'b-a', 1);
    const [theirs] = await saved(w, 'b-b', 1);
    const [foreign] = await saved(other, 'b-a', 1);
    for (const q of [`buyer_id=b-a&starting_after=vp_pmt_test_doesnotexist0000`, `buyer_id=b-a&starting_after=${theirs}`, `buyer_id=b-a&starting_after=${foreign}`, `buyer_id=nobody&starting_after=${theirs}`]) {
      const res = await list(w, q);
      expect([res.status, (await res.json()).code], q).toEqual([400, 'validation_error']);
    }
  });
});
