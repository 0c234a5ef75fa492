/**
 * The server-to-server API (../api.ts): what the service's adapter calls, never a browser. Every
 * call carries the service's bearer secret; the merchant account comes from `Sandbox-Account`
 * (except `/v1/_run_due`, which works on every account).
 */
import { Hono, type Context } from 'hono';
import {
  ACCOUNT_HEADER,
  AppleSessionRequest,
  CaptureRequest,
  ChallengeRequest,
  ClockRequest,
  ClientTokenRequest,
  DirectChargeRequest,
  EventRequest,
  RefundRequest,
  VaultRequest,
  VoidRequest,
  WalletDomainCheckRequest,
  type WalletDomainCheck,
} from '../api.ts';
import { sandboxVerificationError } from '../../src/vocab/wallet-domains.ts';
import { ChargeRefused, ProviderDown, type ChargeResult, type SandboxProcessorCore } from '../processor.ts';
import { emitEvent, runDue } from '../provider-events.ts';
import { refund, refundByReference } from '../refunds.ts';
import { wireRefund } from '../wire.ts';
import type { FaultBoard } from '../faults.ts';
import { faultDoor, faultRoutes } from './fault-door.ts';
import { bearerCheck, fail, lostAnswer, readBody } from './http.ts';
import type { TransactionRecord } from '../store/repo.ts';

type Vars = { Variables: { account: string } };



/** Refusals and provider-down in the processor's own format; anything else is a 500 from onError. */
export function refusal(err: unknown): Response {
  if (err instanceof ChargeRefused) return fail(err.status, err.reason, err.message);
  if (err instanceof ProviderDown) return fail(503, 'provider_unavailable', err.message);
  throw err;
}

const ACCOUNT_PATHS = [
  '/v1/client_tokens',
  '/v1/client_tokens/:token/revoke',
  '/v1/vault',
  '/v1/transactions',
  '/v1/transactions/:id',
  '/v1/transactions/:id/capture',
  '/v1/transactions/:id/void',
  '/v1/transactions/:id/challenge',
  '/v1/refunds',
  '/v1/events',
  '/v1/wallets/apple_session',
  '/v1/wallets/domain_checks',
  '/v1/references/:reference/fence',
];
/** The calls that work on every account: the clock's due work, and the fault switchboard and ledger (./fault-door.ts). */
const EVERY_ACCOUNT_PATHS = ['/v1/_run_due', '/v1/_clock', '/v1/_faults', '/v1/_faults/:id', '/v1/_faults/:id/release', '/v1/_ledger'];

export function serverApi(opts: { core: SandboxProcessorCore; faults: FaultBoard; apiSecret: string; publicUrl: string; moveClock?: (offsetMs: number) => number }) {
  const { core } = opts;
  const api = new Hono<Vars>();
  const authorized = bearerCheck(opts.apiSecret);
  const wire = core.wire.bind(core);

  for (const path of [...ACCOUNT_PATHS, ...EVERY_ACCOUNT_PATHS]) {
    api.use(path, async (c, next) => {
      if (!authorized(c.req.header('authorization'))) {
        return fail(401, 'unauthorized', 'Send the service secret as a bearer token.');
      }
      if (!EVERY_ACCOUNT_PATHS.includes(path)) {
        const account = c.req.header(ACCOUNT_HEADER);
        if (!account || account.length > 120) return fail(400, 'account_missing', `Name the merchant account in ${ACCOUNT_HEADER}.`);
        c.set('account', account);
      }
      await next();
    });
  }

  // Every call the service makes passes the fault switchboard's door, after the secret was checked.
  api.use('/v1/*', faultDoor(opts.faults, (c) => c.get('account') ?? null));
  api.route('/', faultRoutes(core, opts.faults));

  /** A charge or capture answer: 201 made now, 200 a replay of the same reference, 502 for card 0090. */
  /**
   * A transaction as the server API answers it: with what the charge carried beyond the money
   * (descriptor, rule tags, names, buyer IP: issue 34), which the processor's events never repeat.
   */
  const shown = (t: TransactionRecord) => ({ ...wire(t), sent: t.sent });
  const charged = (c: Context<Vars>, r: ChargeResult) => (r.lost ? lostAnswer() : c.json(shown(r.transaction), r.created ? 201 : 200));

  api.post('/v1/client_tokens', async (c) => {
    const body = await readBody(c, ClientTokenRequest, 'The token request is incomplete or malformed.');
    if (body instanceof Response) return body;
    const t = core.issueToken({ merchantId: c.get('account'), ...body });
    return c.json({ token: t.token, expiresAt: t.expiresAt, fieldsUrl: `${opts.publicUrl}/fields` }, 201);
  });

  api.post('/v1/client_tokens/:token/revoke', (c) => {
    const token = c.req.param('token');
    try {
      core.revokeToken(c.get('account'), token);
    } catch (err) {
      return refusal(err);
    }
    return c.json({ token, revoked: true as const });
  });

  /** The service gives up on a reference: a call carrying it that arrives later is refused. */
  api.post('/v1/references/:reference/fence', (c) => {
    const reference = c.req.param('reference');
    if (reference.length > 200) return fail(400, 'invalid_request', 'A reference has at most 200 characters.');
    core.fenceReference(c.get('account'), reference);
    return c.json({ reference, fenced: true as const });
  });

  api.post('/v1/vault', async (c) => {
    const body = await readBody(c, VaultRequest, 'Send { providerReference, livemode }, { card, livemode } or { transactionId, livemode }.');
    if (body instanceof Response) return body;
    try {
      const v = core.vault(c.get('account'), body);
      return c.json({ vaultId: v.id, card: { brand: v.brand, last4: v.last4, expMonth: v.expMonth, expYear: v.expYear } }, 201);
    } catch (err) {
      return refusal(err);
    }
  });

  api.post('/v1/transactions', async (c) => {
    const body = await readBody(c, DirectChargeRequest, 'The charge request is incomplete or malformed.');
    if (body instanceof Response) return body;
    const { card, wallet, vaultId, ...ctx } = body;
    try {
      return charged(c, core.chargeDirect({ merchantId: c.get('account'), ...ctx }, card ? { card } : wallet ? { wallet } : { vaultId: vaultId! }));
    } catch (err) {
      return refusal(err);
    }
  });

  api.get('/v1/transactions', (c) => {
    const reference = c.req.query('reference');
    if (!reference) return fail(400, 'reference_missing', 'Look transactions up by ?reference=.');
    const t = core.transactionByReference(c.get('account'), reference);
    return t ? c.json(shown(t)) : fail(404, 'transaction_not_found', 'No transaction has this reference.');
  });

  api.get('/v1/transactions/:id', (c) => {
    const t = core.transaction(c.get('account'), c.req.param('id'));
    return t ? c.json(shown(t)) : fail(404, 'transaction_not_found', 'No such transaction.');
  });

  api.post('/v1/transactions/:id/capture', async (c) => {
    const body = await readBody(c, CaptureRequest, 'Send { amount, reference }.');
    if (body instanceof Response) return body;
    try {
      return charged(c, core.capture(c.get('account'), c.req.param('id'), body));
    } catch (err) {
      return refusal(err);
    }
  });

  api.post('/v1/transactions/:id/void', async (c) => {
    const body = await readBody(c, VoidRequest, 'Send { reference }.');
    if (body instanceof Response) return body;
    try {
      return c.json(wire(core.void(c.get('account'), c.req.param('id'), body)));
    } catch (err) {
      return refusal(err);
    }
  });

  /** The bank challenge without a browser, for tests: the same outcome as the page's buttons. */
  api.post('/v1/transactions/:id/challenge', async (c) => {
    const body = await readBody(c, ChallengeRequest, "Send { result: 'approve' | 'fail' }.");
    if (body instanceof Response) return body;
    try {
      return c.json(wire(core.resolveChallenge(c.get('account'), c.req.param('id'), body.result)));
    } catch (err) {
      return refusal(err);
    }
  });

  api.post('/v1/refunds', async (c) => {
    const body = await readBody(c, RefundRequest, 'Send { transactionId, amount, reference }.');
    if (body instanceof Response) return body;
    try {
      const r = refund(core, c.get('account'), body);
      // 202: the processor answers later (refund.succeeded / refund.failed).
      return c.json(wireRefund(r.refund), r.created ? (r.refund.status === 'pending' ? 202 : 201) : 200);
    } catch (err) {
      return refusal(err);
    }
  });

  api.get('/v1/refunds', (c) => {
    const reference = c.req.query('reference');
    if (!reference) return fail(400, 'reference_missing', 'Look refunds up by ?reference=.');
    const r = refundByReference(core, c.get('account'), reference);
    return r ? c.json(wireRefund(r)) : fail(404, 'refund_not_found', 'No refund has this reference.');
  });

  api.post('/v1/events', async (c) => {
    const body = await readBody(c, EventRequest, 'Send { type, transactionId?, refundId? }.');
    if (body instanceof Response) return body;
    try {
      const { id, delivered } = await emitEvent(core, c.get('account'), body.type, body);
      return c.json({ id, type: body.type, delivered }, 202);
    } catch (err) {
      return refusal(err);
    }
  });

  api.post('/v1/wallets/apple_session', async (c) => {
    const body = await readBody(c, AppleSessionRequest, 'Send { validationUrl, domain, displayName, livemode }.');
    if (body instanceof Response) return body;
    try {
      return c.json(core.appleMerchantSession(c.get('account'), body), 201);
    } catch (err) {
      return refusal(err);
    }
  });

  // The domain-registration provider's verification of a wallet domain (docs/merchant.md, Wallet domains).
  api.post('/v1/wallets/domain_checks', async (c) => {
    const body = await readBody(c, WalletDomainCheckRequest, 'Send { domain, walletType }.');
    if (body instanceof Response) return body;
    return c.json({ error: sandboxVerificationError(body.domain, body.walletType) } satisfies WalletDomainCheck, 200);
  });

  api.post('/v1/_run_due', async (c) => c.json({ processed: await runDue(core) }));
  // The service clock's offset, pushed by an instance when a test moves it. Beside the service the
  // processor reads that clock itself (`running: 'beside'`) and the push changes nothing.
  api.post('/v1/_clock', async (c) => {
    const body = await readBody(c, ClockRequest, 'Send { offsetMs }, a whole number of milliseconds.');
    if (body instanceof Response) return body;
    return c.json(opts.moveClock ? { running: 'alone', offsetMs: opts.moveClock(body.offsetMs) } : { running: 'beside', offsetMs: null });
  });

  return api;
}
