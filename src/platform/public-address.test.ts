/**
 * Issue 18, finding 1: a private address is refused in every spelling a URL or a resolver can give
 * it. fast-check draws addresses from every refused IPv4 range and writes each of them the ways a
 * URL host may (decimal, octal, hex, short forms, IPv4-mapped, IPv4-compatible, NAT64, 6to4): the
 * URL parser's host must never read as public.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressReach } from './public-address.ts';

/** IPv4 ranges a webhook may never reach (loopback is refused in live mode, allowed by name in test). */
const REFUSED_V4: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
];
const toInt = (ip: string) => ip.split('.').reduce((n, o) => n * 256 + Number(o), 0);

const refusedV4 = fc.constantFrom(...REFUSED_V4).chain(([base, bits]) =>
  fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((offset) => toInt(base) + offset),
);

const octets = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255] as const;
const hex16 = (n: number) => [(n >>> 16).toString(16), (n & 0xffff).toString(16)];

/** Every way to write IPv4 `n` as a URL host. */
function spellings(n: number): string[] {
  const [a, b, c, d] = octets(n);
  const [hi, lo] = hex16(n);
  return [
    `${a}.${b}.${c}.${d}`,
    String(n),
    `0x${n.toString(16)}`,
    `0${n.toString(8)}`,
    [a, b, c, d].map((o) => `0${o.toString(8)}`).join('.'),
    [a, b, c, d].map((o) => `0x${o.toString(16).toUpperCase()}`).join('.'),
    `${a}.${b}.${(c << 8) | d}`,
    `${a}.${(b << 16) | (c << 8) | d}`,
    `[::ffff:${a}.${b}.${c}.${d}]`,
    `[::FFFF:${hi}:${lo}]`,
    `[0:0:0:0:0:ffff:${hi}:${lo}]`,
    `[::${a}.${b}.${c}.${d}]`,
    `[64:ff9b::${hi}:${lo}]`,
    `[64:ff9b:1::${hi}:${lo}]`,
    `[2002:${hi}:${lo}::1]`,
  ];
}

const hostOf = (spelling: string) => new URL(`https://${spelling}/hook`).hostname;

describe('addressReach', () => {
  it('reads no spelling of a refused IPv4 address as public', () => {
    fc.assert(
      fc.property(refusedV4, (n) => {
        for (const s of spellings(n)) expect(addressReach(hostOf(s)), s).not.toBe('public');
      }),
      { numRuns: 500 },
    );
  });

  it('reads loopback as loopback in every IPv4 spelling and as ::1, and never as public', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 24 - 1 }), (offset) => {
        const n = toInt('127.0.0.0') + offset;
        for (const s of spellings(n).slice(0, 10)) expect(addressReach(hostOf(s)), s).toBe('loopback');
      }),
    );
    expect(addressReach('[::1]')).toBe('loopback');
    expect(addressReach('0:0:0:0:0:0:0:1')).toBe('loopback');
  });

  it('refuses the IPv6 ranges that are not the public internet', () => {
    for (const ip of ['::', 'fe80::1', 'fd12:3456::1', 'fc00::1', 'ff02::1', '64:ff9b::a9fe:a9fe', '::7f00:1', '::127.0.0.1', '::8.8.8.8', '2001::1', '2001:db8::1', '2001:2::1', '100::1', '2002:a00:1::1']) {
      expect(addressReach(ip), ip).toBe('private');
    }
  });

  it('reads the public internet as public, in both families and written any way', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '1.1.1.1', '[2606:4700:4700::1111]', '2a00:1450:4001:82b::200e', hostOf('1572395042'), hostOf('[::ffff:5db8:d822]')]) {
      expect(addressReach(ip), ip).toBe('public');
    }
  });

  it('is null for a host name', () => {
    expect(addressReach('hooks.example.com')).toBeNull();
    expect(addressReach('127.0.0.1.nip.io')).toBeNull();
  });
});
