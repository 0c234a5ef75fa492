/**
 * What an IP address reaches (issue 18, finding 1): the public internet, this machine, or a network
 * a webhook must never be sent into. ipaddr.js parses every spelling and names the IANA special
 * ranges (NAT64 `rfc6052` and its local-use /48, 6to4, Teredo, benchmarking, reserved...); anything
 * it does not call plain `unicast` is refused. IPv4-mapped IPv6 is judged by the IPv4 inside, and
 * IPv4-compatible IPv6 (`::a.b.c.d`, which ipaddr.js calls unicast) is refused.
 */
import ipaddr from 'ipaddr.js';

export type AddressReach = 'public' | 'loopback' | 'private';

/** Null when `ip` is not an IP address (a host name). Brackets around IPv6 are accepted. */
export function addressReach(ip: string): AddressReach | null {
  const bare = ip.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(bare)) return null;
  let addr = ipaddr.parse(bare);
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    // ipaddr.js reads `::a.b.c.d` as IPv4-mapped too: only a written `ffff` group makes it mapped.
    const mapped = v6.isIPv4MappedAddress() && /ffff/i.test(bare);
    // ::a.b.c.d (IPv4-compatible, deprecated) reaches a.b.c.d on some stacks: never public.
    const compatible = !mapped && v6.parts.slice(0, 5).every((p) => p === 0) && (v6.parts[5] === 0 || v6.parts[5] === 0xffff);
    if (mapped) addr = v6.toIPv4Address();
    else if (compatible && !['loopback', 'unspecified'].includes(v6.range())) return 'private';
  }
  const range = addr.range();
  if (range === 'loopback') return 'loopback';
  return range === 'unicast' ? 'public' : 'private';
}
