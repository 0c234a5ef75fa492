import { describe, expect, it } from 'vitest';
import { addressBucket, forwardedClient, trustedProxies } from './forwarded.ts';

const lb = trustedProxies(['127.0.0.1', '::1', '10.0.0.0/8']);

describe('the client behind trusted proxies', () => {
  it('takes the address the trusted balancer appended', () => {
    expect(forwardedClient('127.0.0.1', '203.0.113.9', lb)).toBe('203.0.113.9');
    expect(forwardedClient('::ffff:127.0.0.1', '203.0.113.9', lb)).toBe('203.0.113.9');
    expect(forwardedClient('10.2.3.4', '203.0.113.9, 10.9.9.9', lb)).toBe('203.0.113.9');
  });

  it('ignores what a client wrote before the trusted hop', () => {
    // The client forged "127.0.0.1"; the balancer appended what it really saw.
    expect(forwardedClient('127.0.0.1', '127.0.0.1, 198.51.100.4', lb)).toBe('198.51.100.4');
    expect(forwardedClient('127.0.0.1', 'not-an-ip, 198.51.100.4', lb)).toBe('198.51.100.4');
  });

  it('ignores the header from a peer that is not a trusted proxy, and without trusted proxies', () => {
    expect(forwardedClient('198.51.100.4', '127.0.0.1', lb)).toBe('198.51.100.4');
    expect(forwardedClient('127.0.0.1', '203.0.113.9', trustedProxies([]))).toBe('127.0.0.1');
  });

  it('keeps the peer when the header is garbage or names only trusted hops', () => {
    expect(forwardedClient('127.0.0.1', 'garbage', lb)).toBe('127.0.0.1');
    expect(forwardedClient('127.0.0.1', '10.1.1.1', lb)).toBe('10.1.1.1');
  });

  it('refuses a list entry that is not an address or a range', () => {
    expect(() => trustedProxies(['balancer.local'])).toThrow(/balancer\.local/);
  });
});

describe('the per-IP rate-limit bucket of an address (issue 32, finding 10a)', () => {
  it('puts two addresses of one IPv6 /64 in one bucket, and addresses of different /64s in different ones', () => {
    expect(addressBucket('2001:db8:1:2::1')).toBe(addressBucket('2001:db8:1:2:ffff:eeee:dddd:cccc'));
    expect(addressBucket('2001:db8:1:2::1')).toBe(addressBucket('[2001:0db8:0001:0002:0:0:0:9]'));
    expect(addressBucket('2001:db8:1:2::1')).not.toBe(addressBucket('2001:db8:1:3::1'));
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, and IPv4 addresses one by one', () => {
    expect(addressBucket('::ffff:1.2.3.4')).toBe(addressBucket('1.2.3.4'));
    expect(addressBucket('1.2.3.4')).toBe('1.2.3.4');
    expect(addressBucket('1.2.3.5')).not.toBe(addressBucket('1.2.3.4'));
    expect(addressBucket('unknown')).toBe('unknown');
  });
});
