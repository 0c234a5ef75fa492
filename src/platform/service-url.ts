/**
 * The one rule for the service's address (Doc 3, "Name and addresses"; issue 36): the server's banner,
 * `npx svcpay <command>` and `createSvcPayClient` without a `baseUrl` all read it, so `PORT=7242 npm
 * start` and a CLI or client run with the same environment meet at 7242 instead of whatever else
 * answers on 4242. Plain TypeScript, no Node imports: the typed client bundles it.
 */

/** Where `npm start` and `npx svcpay` answer when nothing says otherwise. */
export const DEFAULT_PORT = 4242;

/** The variables the rule reads; a client's `process.env` or a test's. */
export type AddressEnv = Readonly<Record<string, string | undefined>>;

/** An address and the variable that chose it, so a bad one can be reported by name. */
export interface ServiceAddress {
  url: string;
  from: 'SVCPAY_URL' | 'SVCPAY_PUBLIC_URL' | 'PORT' | 'default';
}

/** Set and not blank: an empty variable (`PORT= npm start`) counts as unset, as zod's default does not. */
const given = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/**
 * Where this service answers: SVCPAY_PUBLIC_URL, else http://localhost:${PORT or 4242}. What the
 * server announces and builds its links from; it never reads SVCPAY_URL, which names where a
 * client looks (a service on another machine, say) and not where this process listens.
 */
export function ownServiceAddress(env: AddressEnv): ServiceAddress {
  if (given(env.SVCPAY_PUBLIC_URL)) return { url: trimSlashes(env.SVCPAY_PUBLIC_URL), from: 'SVCPAY_PUBLIC_URL' };
  if (given(env.PORT)) return { url: `http://localhost:${env.PORT.trim()}`, from: 'PORT' };
  return { url: `http://localhost:${DEFAULT_PORT}`, from: 'default' };
}

/** Where a client (the CLI, the typed client) reaches the service: SVCPAY_URL, else the service's own address. */
export function serviceAddress(env: AddressEnv): ServiceAddress {
  if (given(env.SVCPAY_URL)) return { url: trimSlashes(env.SVCPAY_URL), from: 'SVCPAY_URL' };
  return ownServiceAddress(env);
}

/** The environment of a Node process, or nothing in a browser (where the typed client may be bundled). */
export function processEnv(): AddressEnv {
  return typeof process === 'object' && process !== null && typeof process.env === 'object' ? process.env : {};
}

function trimSlashes(url: string): string {
  return url.trim().replace(/\/+$/, '');
}
