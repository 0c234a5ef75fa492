/**
 * A merchant's own provider keys (issue 19, "Configuration for real accounts"): set through
 * `/_sandbox/merchants`, checked against the merchant's processor and mode, completed by the
 * provider where it has something to say (a Braintree gateway's merchant accounts, issue 34), the
 * secret half sealed at rest (`sealedIn.providerAccount`), shown back without it.
 */
import type { EngineDeps } from '../deps.ts';
import { sealedIn } from '../sealed.ts';
import { DomainError } from '../../domain/errors.ts';
import { accountGatewayId, type Merchant, type ProviderAccount, type ProviderAccountKeys, type ProviderSecrets } from '../../domain/index.ts';

type AccountDeps = Pick<EngineDeps, 'store' | 'clock' | 'sealer' | 'providers'>;

/** Why these keys cannot be this merchant's; null when they can. */
export function keysProblem(deps: Pick<EngineDeps, 'providers'>, merchant: Pick<Merchant, 'processor' | 'environment'>, keys: ProviderAccountKeys): string | null {
  const provider = deps.providers.forKind(merchant.processor);
  if (!provider?.account) {
    const accountKinds = deps.providers.entries.flatMap((e) => (e.account ? e.kinds : []));
    return `A merchant with processor ${merchant.processor} pays through no provider account; make it with a provider's processor (${accountKinds.slice(0, -1).join(', ')} or ${accountKinds.at(-1)}).`;
  }
  if (provider.name !== keys.provider) return `A merchant with processor ${merchant.processor} pays through ${provider.name}, not ${keys.provider}.`;
  // A provider's own rule, such as mode-scoped keys: a sandbox merchant's payments must never reach a live account.
  return provider.account.problem?.(merchant, keys) ?? null;
}

/**
 * The keys to keep for this merchant: refused when it cannot use them (400 `validation_error`),
 * or when its provider, asked with them, refuses them (400) or cannot be asked (502
 * `provider_unavailable`); else as the provider completes them. Asked before anything is written,
 * outside any transaction: a refusal keeps nothing.
 */
export async function checkedKeys(deps: Pick<EngineDeps, 'providers' | 'ownAccountReach'>, merchant: Pick<Merchant, 'processor' | 'environment'>, keys: ProviderAccountKeys): Promise<ProviderAccountKeys> {
  const problem = keysProblem(deps, merchant, keys);
  if (problem) throw new DomainError('validation_error', problem);
  const complete = deps.providers.named(keys.provider)?.account?.complete;
  if (!complete) return keys;
  const answer = await complete(merchant, keys, deps.ownAccountReach);
  if ('value' in answer) return answer.value;
  if ('refused' in answer) throw new DomainError('validation_error', answer.refused);
  throw new DomainError('provider_unavailable', answer.unreachable, { fix: 'Register the keys again shortly; nothing was kept.' });
}

/** The account to keep for these keys, its secrets sealed for this merchant; what is kept is the provider's to say. */
function accountOf(deps: AccountDeps, merchantId: string, keys: ProviderAccountKeys): ProviderAccount {
  const { shown, secrets, last4 } = deps.providers.named(keys.provider)!.account!.kept(keys);
  return {
    provider: keys.provider,
    ...shown,
    secretsSealed: deps.sealer.seal(secrets, sealedIn.providerAccount(merchantId)),
    secretLast4: last4,
    updatedAt: deps.clock.iso(),
  };
}

/** Sets (or, with null, removes) a merchant's own provider keys; 400 for keys it cannot use. */
export async function setProviderAccount(deps: AccountDeps, merchantId: string, keys: ProviderAccountKeys | null): Promise<Merchant> {
  return deps.store.tx(async (r) => {
    const m = await r.merchants.get(merchantId);
    if (!m) throw new DomainError('route_not_found', 'No such merchant.');
    const problem = keys && keysProblem(deps, m, keys);
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
