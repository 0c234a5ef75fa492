/**
 * A merchant's own Braintree gateway, asked which merchant accounts it has (issue 34, finding 4):
 * Braintree charges each merchant account in its one currency, and a sale naming none goes to the
 * gateway's default account, in the default's currency whatever the sale's. Keys registered
 * without `merchantAccounts` are completed with the gateway's active accounts, one per currency
 * (the default first where two share one), before they are kept; the service then settles exactly
 * those currencies, as if the merchant had named them.
 *
 * `merchantAccount.all()` of the `braintree` SDK: `GET /merchants/{merchant id}/merchant_accounts?page=N`,
 * paged by the gateway's `total-items` and `page-size`, each item a `merchant-account` with its
 * `id`, `currency-iso-code`, `status` and `default`.
 */
import braintree from 'braintree';
import { z } from 'zod';
import type { OwnAccountReach, ProviderAccountCompletion } from '../provider-entry.ts';

export interface GatewayKeys {
  merchantId: string;
  publicKey: string;
  privateKey: string;
}

/** What Braintree shows of a merchant account, as far as this reads it. */
interface Listed {
  id?: unknown;
  currencyIsoCode?: unknown;
  status?: unknown;
  default?: unknown;
}

/** An account id the keys' schema takes (index.ts `BraintreeAccountKeys`); another is never kept. */
const ACCOUNT_ID = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** Every merchant account of the gateway, all pages (the SDK reads them one page after another). */
function listAll(gateway: braintree.BraintreeGateway): Promise<Listed[]> {
  // The SDK's `all` takes a callback (its typings say a promise; the source streams or calls back).
  const all = gateway.merchantAccount.all as unknown as (cb: (err: unknown, accounts: Listed[]) => void) => void;
  return new Promise((resolve, reject) => all.call(gateway.merchantAccount, (err, accounts) => (err ? reject(err) : resolve(accounts.filter(Boolean)))));
}

/**
 * `{ currency: merchant account id }` of the active accounts: the default first where two share a
 * currency, else the first listed.
 */
export function accountsByCurrency(listed: readonly Listed[]): Record<string, string> {
  const usable = listed.filter((a) => a.status === 'active' && ACCOUNT_ID.safeParse(a.id).success && typeof a.currencyIsoCode === 'string' && /^[A-Za-z]{3}$/.test(a.currencyIsoCode));
  const ordered = [...usable.filter((a) => a.default === true), ...usable.filter((a) => a.default !== true)];
  const out: Record<string, string> = {};
  for (const a of ordered) out[(a.currencyIsoCode as string).toLowerCase()] ??= a.id as string;
  return out;
}

/** Braintree refused the keys themselves: no such gateway for them, or not these keys' to read. */
const REFUSED = new Set(['authenticationError', 'authorizationError', 'notFoundError']);

/** The gateway's merchant accounts by currency, or why they could not be had (nothing is kept then). */
export async function gatewayMerchantAccounts(keys: GatewayKeys, environment: braintree.Environment, reach: Pick<OwnAccountReach, 'timeoutMs'>): Promise<ProviderAccountCompletion<Record<string, string>>> {
  const gateway = new braintree.BraintreeGateway({ environment, merchantId: keys.merchantId, publicKey: keys.publicKey, privateKey: keys.privateKey });
  (gateway as unknown as { config: { timeout: number } }).config.timeout = reach.timeoutMs;
  let listed: Listed[];
  try {
    listed = await listAll(gateway);
  } catch (err) {
    const type = (err as { type?: string } | null)?.type;
    if (type && REFUSED.has(type)) {
      return { refused: `Braintree refused these keys (${type}) when asked for the gateway's merchant accounts: check merchantId, publicKey and privateKey, and that they are keys of this merchant's mode (Braintree sandbox keys for a sandbox merchant, production keys for a live one). Nothing was kept.` };
    }
    return { unreachable: `Braintree could not be asked for the gateway's merchant accounts (${type ?? 'no answer'}); nothing was kept. Try again shortly, or name merchantAccounts ({ "usd": "<merchant account id>" }).` };
  }
  const accounts = accountsByCurrency(listed);
  if (Object.keys(accounts).length === 0) return { refused: "Braintree lists no active merchant account on this gateway, so it settles no currency: activate one in Braintree's Control Panel, or name merchantAccounts. Nothing was kept." };
  return { value: accounts };
}
