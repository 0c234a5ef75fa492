/**
 * Where a webhook may go (Doc 3, decision "webhook URLs and the network"; issue 18, finding 1).
 * Live: https on a public host. Test: also `localhost`, `127.0.0.1` or `[::1]`, and the hosts named
 * in `SVCPAY_WEBHOOK_ALLOW_HOSTS` (containers). Every other private, link-local, reserved or
 * translated address is refused in both modes, in whatever spelling.
 *
 * A host name is resolved when the subscription is made and again each time a delivery connects;
 * the connection goes to exactly the addresses that were checked (the check is the socket's own
 * DNS look-up), so a name that changes its answer (DNS rebinding) gains nothing.
 */
import { lookup as systemLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { addressReach } from '../../../platform/public-address.ts';

/** Resolves a host name to every address it has (node's `dns.lookup`, all of them). */
export type HostResolver = (host: string) => Promise<LookupAddress[]>;

export interface WebhookNetwork {
  /** Host names a test-mode subscription may reach whatever they resolve to (lower case, IPv6 bracketed). */
  allowHosts: string[];
  resolve: HostResolver;
}

export const systemResolver: HostResolver = (host) => systemLookup(host, { all: true, verbatim: true });

/**
 * Test mode's own machine, in the three spellings the spec names, and where each connects (the
 * name `localhost` is not asked of a resolver: it is this machine). `*.localhost` is a name like any other.
 */
const LOOPBACK_NAMES: Record<string, LookupAddress[]> = {
  localhost: [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ],
  '127.0.0.1': [{ address: '127.0.0.1', family: 4 }],
  '[::1]': [{ address: '::1', family: 6 }],
};

/** A target the network rules refuse; `message` is safe to show the merchant (no socket detail). */
export class RefusedTarget extends Error {
  readonly refused = true;
}

/**
 * Checks the host of a webhook URL (already parsed, scheme checked) and returns the addresses a
 * connection may use; null means "any" (an allow-listed host). Throws `RefusedTarget`.
 */
export async function checkedAddresses(net: WebhookNetwork, hostname: string, livemode: boolean): Promise<LookupAddress[] | null> {
  const host = hostname.toLowerCase();
  if (!livemode && net.allowHosts.includes(host)) return null;
  if (!livemode && Object.hasOwn(LOOPBACK_NAMES, host)) return LOOPBACK_NAMES[host]!;
  const literal = addressReach(host);
  let addresses: LookupAddress[];
  if (literal !== null) {
    addresses = [{ address: host.replace(/^\[(.*)\]$/, '$1'), family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await net.resolve(host);
    } catch {
      throw new RefusedTarget(`the host ${host} does not resolve`);
    }
    if (addresses.length === 0) throw new RefusedTarget(`the host ${host} does not resolve`);
  }
  for (const a of addresses) {
    const reach = addressReach(a.address);
    if (reach === 'public') continue;
    throw new RefusedTarget(
      livemode
        ? `the host ${host} is not on the public internet (a private, loopback, link-local or reserved address)`
        : `the host ${host} is a private or reserved address; test mode allows localhost, 127.0.0.1, [::1] and the hosts in SVCPAY_WEBHOOK_ALLOW_HOSTS`,
    );
  }
  return addresses;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The socket's DNS look-up for a delivery: resolves and checks now (the address a delivery connects
 * to is the one checked, never a second answer). Node asks with `all: true` when it races IPv4 and
 * IPv6 (autoSelectFamily), else for one address.
 */
export function guardedLookup(net: WebhookNetwork, livemode: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    (async () => (await checkedAddresses(net, hostname, livemode)) ?? (await net.resolve(hostname)))().then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: Error) => callback(err, []),
    );
  };
}
