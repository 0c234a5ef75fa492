/**
 * Where a webhook may go (Doc 3, decision "webhook URLs and the network"; issue 18, finding 1).
 * Live: https on a public host. Test: also `localhost`, `127.0.0.1` or `[::1]`, and the hosts named
 * in `SVCPAY_WEBHOOK_ALLOW_HOSTS` (containers). Every other private, link-local, reserved or
 * translated address is refused in both modes, in whatever spelling. In both modes too, the
 * service's own listeners are refused on any address of this machine or by their own names, even
 * allow-listed: a merchant's webhook made the service call its own control API from loopback and
 * rotate any merchant's keys (issue 32, finding 1).
 *
 * A host name is resolved when the subscription is made and again each time a delivery connects;
 * the connection goes to exactly the addresses that were checked (the check is the socket's own
 * DNS look-up), so a name that changes its answer (DNS rebinding) gains nothing.
 */
import { lookup as systemLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { addressReach } from '../../../platform/public-address.ts';
import { isLocalAddress } from '../../../platform/loopback.ts';
import type { Config } from '../../env.ts';

// The shapes the engine is given (deps.ts): the webhooks stand on deps.ts, never the reverse.
export type { HostResolver, OwnListeners, WebhookNetwork } from '../deps.ts';
import type { HostResolver, OwnListeners, WebhookNetwork } from '../deps.ts';

/** The service's own listeners, from its configuration (`SVCPAY_INSTANCE_PORTS`: the other instances of a cluster). */
export function ownListeners(config: Pick<Config, 'port' | 'processorPort' | 'demoPort' | 'stripePort' | 'braintreePort' | 'instancePorts' | 'publicUrl' | 'processorUrl' | 'serviceUrl' | 'demoUrl' | 'stripeUrl' | 'braintreeUrl'>): OwnListeners {
  const urls = [config.publicUrl, config.processorUrl, config.serviceUrl, config.demoUrl, config.stripeUrl, config.braintreeUrl].map((u) => new URL(u));
  const ports = [config.port, config.processorPort, config.demoPort, config.stripePort, config.braintreePort, ...config.instancePorts, ...urls.map(portOf)];
  return { ports: [...new Set(ports)], hosts: [...new Set(urls.map((u) => u.hostname.toLowerCase().replace(/\.$/, '')))] };
}

/** The port a URL connects to, the scheme's default when it names none (`new URL` drops `:80` on http). */
export const portOf = (url: URL) => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

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
 *
 * `ownPort`: the URL's port is one the service itself listens on. Then the host may be neither one
 * of the service's own names nor any address of this machine (loopback in any spelling, `0.0.0.0`,
 * an interface's own address), allow-listed or not: the sender would be calling the service itself,
 * with its control API a loopback caller may drive (issue 32, finding 1). An allow-listed name is
 * then resolved and pinned like any other.
 */
export async function checkedAddresses(net: WebhookNetwork, hostname: string, livemode: boolean, ownPort = false): Promise<LookupAddress[] | null> {
  const host = hostname.toLowerCase();
  if (ownPort && net.own.hosts.includes(host.replace(/\.$/, ''))) throw ownListener(host);
  const allowed = !livemode && net.allowHosts.includes(host);
  if (allowed && !ownPort) return null;
  const named = !livemode && !allowed && Object.hasOwn(LOOPBACK_NAMES, host);
  const addresses = named ? LOOPBACK_NAMES[host]! : await addressesOf(net, host);
  if (ownPort && addresses.some((a) => isLocalAddress(a.address))) throw ownListener(host);
  if (allowed || named) return addresses;
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

const ownListener = (host: string) =>
  new RefusedTarget(`${host} on this port is svcpay itself (the service, its sandbox processor, demo shop or stand-ins); a webhook goes to your own receiver, on another port`);

/** A literal address as itself, a name as the resolver answers it (no answer: refused). */
async function addressesOf(net: WebhookNetwork, host: string): Promise<LookupAddress[]> {
  if (addressReach(host) !== null) return [{ address: host.replace(/^\[(.*)\]$/, '$1'), family: host.includes(':') ? 6 : 4 }];
  let addresses: LookupAddress[];
  try {
    addresses = await net.resolve(host);
  } catch {
    throw new RefusedTarget(`the host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw new RefusedTarget(`the host ${host} does not resolve`);
  return addresses;
}

/**
 * A test-mode target on this machine or an allow-listed private host: a failed send there says
 * nothing of what answered, so a test send is no scanner of local ports (issue 32, finding 1).
 */
export function isPrivateTarget(net: WebhookNetwork, hostname: string, livemode: boolean): boolean {
  const host = hostname.toLowerCase();
  // Other private addresses are refused before any socket opens, so their refusal tells nothing.
  return !livemode && (Object.hasOwn(LOOPBACK_NAMES, host) || net.allowHosts.includes(host));
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The socket's DNS look-up for a delivery: resolves and checks now (the address a delivery connects
 * to is the one checked, never a second answer). Node asks with `all: true` when it races IPv4 and
 * IPv6 (autoSelectFamily), else for one address. `ownPort`: the socket's port is one of the
 * service's own, so no address of this machine may come back (issue 32, finding 1).
 */
export function guardedLookup(net: WebhookNetwork, livemode: boolean, ownPort: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    (async () => (await checkedAddresses(net, hostname, livemode, ownPort)) ?? (await net.resolve(hostname)))().then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: Error) => callback(err, []),
    );
  };
}
