/**
 * The server-to-server API (../api.ts): what the service's adapter calls, never a browser. Every
 * call carries the service's bearer secret; the merchant account comes from `Sandbox-Account`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { ACCOUNT_HEADER, ClientTokenRequest, DirectChargeRequest, type Transaction } from '../api.ts';
import { ChargeRefused, type SandboxProcessorCore } from '../processor.ts';
import type { TransactionRecord } from '../store/repo.ts';
import { fail, readBody } from './http.ts';

type Vars = { Variables: { account: string } };

const digest = (s: string) => createHash('sha256').update(s).digest();

const wire = (t: TransactionRecord): Transaction => ({
  id: t.id,
  reference: t.reference,
  merchantId: t.merchantId,
  sessionId: t.sessionId,
  livemode: t.livemode,
  amount: t.amount,
  currency: t.currency,
  status: t.status,
  declineCode: t.declineCode,
  card: { brand: t.brand, last4: t.last4, expMonth: t.expMonth, expYear: t.expYear },
  avsResult: t.avsResult,
  cvvResult: t.cvvResult,
  createdAt: t.createdAt,
});

export function serverApi(opts: { core: SandboxProcessorCore; apiSecret: string; publicUrl: string }) {
  const api = new Hono<Vars>();
  const expected = digest(`Bearer ${opts.apiSecret}`);

  for (const path of ['/v1/client_tokens', '/v1/transactions', '/v1/transactions/:id']) {
    api.use(path, async (c, next) => {
      // Digests have one length, so the comparison takes the same time whatever was sent.
      if (!timingSafeEqual(digest(c.req.header('authorization') ?? ''), expected)) {
        return fail(401, 'unauthorized', 'Send the service secret as a bearer token.');
      }
      const account = c.req.header(ACCOUNT_HEADER);
      if (!account || account.length > 120) return fail(400, 'account_missing', `Name the merchant account in ${ACCOUNT_HEADER}.`);
      c.set('account', account);
      await next();
    });
  }

  api.post('/v1/client_tokens', async (c) => {
    const body = await readBody(c, ClientTokenRequest, 'The token request is incomplete or malformed.');
    if (body instanceof Response) return body;
    const t = opts.core.issueToken({ merchantId: c.get('account'), ...body });
    return c.json({ token: t.token, expiresAt: t.expiresAt, fieldsUrl: `${opts.publicUrl}/fields` }, 201);
  });

  api.post('/v1/transactions', async (c) => {
    const body = await readBody(c, DirectChargeRequest, 'The charge request is incomplete or malformed.');
    if (body instanceof Response) return body;
    const { card, ...ctx } = body;
    try {
      const { transaction, created } = opts.core.chargeDirect({ merchantId: c.get('account'), ...ctx }, card);
      // 200 tells the caller this reference had already charged; the body is the same transaction.
      return c.json(wire(transaction), created ? 201 : 200);
    } catch (err) {
      if (err instanceof ChargeRefused) return fail(err.reason === 'reference_reused' ? 409 : 400, err.reason, err.message);
      throw err;
    }
  });

  api.get('/v1/transactions', (c) => {
    const reference = c.req.query('reference');
    if (!reference) return fail(400, 'reference_missing', 'Look transactions up by ?reference=.');
    const t = opts.core.transactionByReference(c.get('account'), reference);
    return t ? c.json(wire(t)) : fail(404, 'transaction_not_found', 'No transaction has this reference.');
  });

  api.get('/v1/transactions/:id', (c) => {
    const t = opts.core.transaction(c.get('account'), c.req.param('id'));
    return t ? c.json(wire(t)) : fail(404, 'transaction_not_found', 'No such transaction.');
  });

  return api;
}
