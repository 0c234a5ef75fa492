/**
 * Bearer auth with key type and mode (Doc 1, Authentication). Configured once per route group:
 * `auth(deps, 'secret')`, `auth(deps, 'publishable')` for /v1/public, or `auth(deps, 'either')`.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Deps } from '../context.ts';
import { DomainError, type ErrorCode } from '../domain/errors.ts';
import type { KeyType } from '../domain/index.ts';
import { apiKeyShape as KEY_SHAPE } from '../../vocab/keys.ts';

export type KeyRequirement = KeyType | 'either';

export const auth = (deps: Pick<Deps, 'store' | 'clock' | 'log'>, required: KeyRequirement, surface: 'merchant' | 'public' = required === 'publishable' ? 'public' : 'merchant') =>
  createMiddleware<AppEnv>(async (c, next) => {
    const pub = surface === 'public';
    const code = (base: 'auth_missing_bearer' | 'auth_invalid_key' | 'auth_key_expired'): ErrorCode => (pub ? `${base}_publishable` : base);

    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new DomainError(code('auth_missing_bearer'));
    const key = match[1]!;
    if (!KEY_SHAPE.test(key)) throw new DomainError(code('auth_invalid_key'));
    const row = await unlessDown(deps, () => deps.store.read.merchants.findKey(key));
    if (!row) throw new DomainError(code('auth_invalid_key'));
    if (row.expiresAt !== null && row.expiresAt <= deps.clock.iso()) throw new DomainError(code('auth_key_expired'));
    const merchant = await unlessDown(deps, () => deps.store.read.merchants.get(row.merchantId));
    if (!merchant) throw new DomainError(code('auth_invalid_key'));
    if (merchant.status !== 'active') throw new DomainError('auth_merchant_inactive');
    if (required !== 'either' && row.type !== required) {
      throw new DomainError(
        'auth_key_type_forbidden',
        required === 'secret' ? 'This endpoint needs a secret key (vp_sk_…); publishable keys are for the browser.' : 'This endpoint needs a publishable key (vp_pk_…); never send a secret key from a browser.',
      );
    }
    c.set('auth', { merchant, keyType: row.type, livemode: row.livemode, keyId: row.keyId });
    await next();
  });

/** Doc 1: how long a caller waits before asking again when the keys could not be read. */
export const AUTH_RETRY_AFTER_SECONDS = 5;

/**
 * A read of the keys' store: when the store fails (down, mid-migration) the key can be neither
 * accepted nor refused, so the answer is Doc 1's 503 `auth_service_unavailable` with
 * `Retry-After`, never a 500 and never a 401 that would send the merchant rotating a good key.
 */
async function unlessDown<T>(deps: Pick<Deps, 'log'>, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    deps.log.error('API keys could not be read', { error: err instanceof Error ? err.message : String(err) });
    throw new DomainError('auth_service_unavailable').retryAfter(AUTH_RETRY_AFTER_SECONDS);
  }
}
