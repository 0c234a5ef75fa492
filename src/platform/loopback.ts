/** Addresses and listeners only this machine can reach (the control API's guard and its start-up check). */
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';
import { addressReach } from './public-address.ts';

/**
 * A loopback address in any spelling (127.0.0.0/8, ::1, IPv4 loopback as IPv6 such as
 * `::ffff:127.0.0.1`, how a dual-stack socket reports it); the classifier webhooks use.
 */
export const isLoopbackAddress = (ip: string): boolean => addressReach(ip) === 'loopback';

/** A listener address that only this machine can reach (`HOST`): the name `localhost`, or a loopback address. */
export function isLoopbackListener(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}

/**
 * An address a connection to reaches this very machine (issue 32, finding 1): loopback in any
 * spelling, the unspecified address (`0.0.0.0`, `::`, which Linux connects to loopback), or an
 * address of one of this machine's own network interfaces (a container's own IP, a LAN address of
 * a service listening on `HOST=0.0.0.0`). IPv4 inside IPv6 (`::ffff:a.b.c.d`, `::a.b.c.d`) is read as IPv4.
 */
export function isLocalAddress(ip: string): boolean {
  const bare = ip.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return false;
  const addr = plain(bare);
  if (isLoopbackAddress(bare) || addr.range() === 'loopback' || addr.range() === 'unspecified') return true;
  const same = (a: string) => plain(a).toNormalizedString() === addr.toNormalizedString();
  return Object.values(networkInterfaces()).some((list) => list?.some((i) => same(i.address.replace(/%.*$/, ''))));
}

/** IPv4 as itself, IPv4-mapped and IPv4-compatible IPv6 as the IPv4 inside, other IPv6 as is. */
function plain(ip: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr;
  const parts = (addr as ipaddr.IPv6).parts;
  const compatible = parts.slice(0, 6).every((p) => p === 0) && (parts[6]! !== 0 || parts[7]! > 1);
  return compatible ? ipaddr.IPv4.parse(`${parts[6]! >> 8}.${parts[6]! & 255}.${parts[7]! >> 8}.${parts[7]! & 255}`) : addr;
}
