/**
 * The client's address behind proxies the operator trusts (`SVCPAY_TRUSTED_PROXIES`, issue 21:
 * instances behind one load balancer). `X-Forwarded-For` is read only when the socket's peer is
 * a trusted proxy, and from the right: each trusted hop appended the address it saw, so the first
 * untrusted address from the right is the one no client could forge. With no trusted proxies, or a
 * peer that is not one, the answer is the peer itself and the header is ignored.
 */
import ipaddr from 'ipaddr.js';

export type TrustedProxies = (ip: string) => boolean;

const parse = (ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null => {
  const bare = ip.trim().replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return null;
  const addr = ipaddr.parse(bare);
  // A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d.
  return addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? (addr as ipaddr.IPv6).toIPv4Address() : addr;
};

/** `127.0.0.1, ::1, 10.0.0.0/8`: addresses and CIDR ranges. Throws on an entry that is neither. */
export function trustedProxies(list: string[]): TrustedProxies {
  const ranges = list.map((entry) => {
    try {
      return entry.includes('/') ? ipaddr.parseCIDR(entry) : ([ipaddr.parse(entry), ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128] as [ipaddr.IPv4 | ipaddr.IPv6, number]);
    } catch {
      throw new Error(`not an IP address or CIDR range: ${entry}`);
    }
  });
  return (ip) => {
    const addr = parse(ip);
    return addr !== null && ranges.some(([net, bits]) => addr.kind() === net.kind() && addr.match(net, bits));
  };
}

export function forwardedClient(peer: string, header: string | undefined, trusted: TrustedProxies): string {
  if (!header || !trusted(peer)) return peer;
  const hops = header.split(',').map((h) => h.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = parse(hops[i]!);
    // A hop that is not an address was written by a client: what lies beyond it is not known.
    if (!hop) return peer;
    if (!trusted(hops[i]!)) return hop.toString();
  }
  return hops.length ? parse(hops[0]!)!.toString() : peer;
}

/**
 * The id an address's per-IP rate-limit buckets are kept under (issue 32, finding 10a). An IPv6
 * client is handed a whole /64 and picks any address in it, so its buckets key on the /64: keyed on
 * the full address, one client would have 2^64 buckets. An IPv4-mapped IPv6 address (a dual-stack
 * socket's IPv4 peer) counts as its IPv4 address; IPv4 and anything unparsable as written.
 */
export function addressBucket(ip: string): string {
  const addr = parse(ip);
  if (addr === null) return ip;
  if (addr.kind() === 'ipv4') return addr.toString();
  const prefix = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${prefix.join(':')}::/64`;
}
