/**
 * A merchant's own provider keys (issue 19, "Configuration for real accounts"): set through
 * `/_sandbox/merchants`, checked against the merchant's processor and mode, the secret half sealed
 * at rest (`sealedIn.providerAccount`), shown back without it.
 */
import type { EngineDeps } from '../deps.ts';
import { sealedIn } from '../sealed.ts';
import { DomainError } from '../../domain/errors.ts';
import { accountGatewayId, providerOfKind, type Merchant, type ProviderAccount, type ProviderAccountKeys, type ProviderSecrets } from '../../domain/index.ts';

type AccountDeps = Pick<EngineDeps, 'store' | 'clock' | 'sealer'>;

/** Why these keys cannot be this merchant's; null when they can. */
export function keysProblem(merchant: Pick<Merchant, 'processor' | 'environment'>, keys: ProviderAccountKeys): string | null {
  const provider = providerOfKind(merchant.processor);
  if (provider === null) return `A merchant with processor ${merchant.processor} pays through no provider account; make it with a provider's processor (card_element, agent_hosted_fields, hosted_fields or vault_hosted_fields).`;
  if (provider !== keys.provider) return `A merchant with processor ${merchant.processor} pays through ${provider}, not ${keys.provider}.`;
  if (keys.provider === 'stripe') {
    // Keys are mode-scoped: a sandbox merchant's payments must never reach a live Stripe account.
    const mode = merchant.environment === 'live' ? 'live' : 'test';
    const wrong = [keys.secretKey, keys.publishableKey].some((k) => k.split('_')[1] !== mode);
    if (wrong) return `A ${merchant.environment} merchant takes Stripe ${mode}-mode keys (sk_${mode}_…, pk_${mode}_…).`;
  }
  return null;
}

/** The account to keep for these keys, its secrets sealed for this merchant. */
function accountOf(deps: AccountDeps, merchantId: string, keys: ProviderAccountKeys): ProviderAccount {
  const base = { updatedAt: deps.clock.iso() };
  if (keys.provider === 'stripe') {
    const secrets: ProviderSecrets = { secretKey: keys.secretKey, webhookSecret: keys.webhookSecret };
    return {
      provider: 'stripe',
      publishableKey: keys.publishableKey,
      ...(keys.accountId ? { accountId: keys.accountId } : {}),
      secretsSealed: deps.sealer.seal(secrets, sealedIn.providerAccount(merchantId)),
      secretLast4: keys.secretKey.slice(-4),
      ...base,
    };
  }
  const secrets: ProviderSecrets = { privateKey: keys.privateKey };
  return {
    provider: 'braintree',
    merchantId: keys.merchantId,
    publicKey: keys.publicKey,
    ...(keys.merchantAccounts ? { merchantAccounts: keys.merchantAccounts } : {}),
    secretsSealed: deps.sealer.seal(secrets, sealedIn.providerAccount(merchantId)),
    secretLast4: keys.privateKey.slice(-4),
    ...base,
  };
}

/** Sets (or, with null, removes) a merchant's own provider keys; 400 for keys it cannot use. */
export async function setProviderAccount(deps: AccountDeps, merchantId: string, keys: ProviderAccountKeys | null): Promise<Merchant> {
  return deps.store.tx(async (r) => {
    const m = await r.merchants.get(merchantId);
    if (!m) throw new DomainError('route_not_found', 'No such merchant.');
    const problem = keys && keysProblem(m, keys);
    if (problem) throw new DomainError('validation_error', problem);
    const updated: Merchant = { ...m, providerAccount: keys ? accountOf(deps, m.id, keys) : null };
    await r.merchants.update(updated);
    return updated;
  });
}

/** A merchant's secrets at its provider, opened; only the adapters and the inbound webhook route use them. */
export function providerSecrets(deps: Pick<EngineDeps, 'sealer'>, merchant: Merchant): ProviderSecrets {
  if (!merchant.providerAccount) throw new Error(`merchant ${merchant.id} has no provider account`);
  return deps.sealer.open(merchant.providerAccount.secretsSealed, sealedIn.providerAccount(merchant.id)) as ProviderSecrets;
}

/** What the control API shows of a merchant's own account: never a secret, only the last four of one. */
export function providerAccountView(publicUrl: string, merchant: Merchant) {
  const a = merchant.providerAccount;
  if (!a) return null;
  const { secretsSealed: _sealed, updatedAt, ...shown } = a;
  return { ...shown, environment: 'production' as const, webhookUrl: `${publicUrl}/api/webhooks/${accountGatewayId(a.provider, merchant.id)}`, updatedAt };
}
