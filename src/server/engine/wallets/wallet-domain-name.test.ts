import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDomain } from './wallet-domain-name.ts';

const label = (n: number, ch = 'a') => ch.repeat(n);
/** A name of exactly `n` characters made of 63-char labels and a shorter last one. */
function nameOf(n: number): string {
  const labels: string[] = [];
  let left = n;
  while (left > 64) {
    labels.push(label(63));
    left -= 64;
  }
  labels.push(label(left - 4), 'com');
  return labels.join('.');
}

describe('checkDomain: accepted, and the form stored', () => {
  it.each([
    ['shop.example.com', 'shop.example.com'],
    ['example.com', 'example.com'],
    ['Shop.EXAMPLE.Com', 'shop.example.com'],
    ['shop.example.com.', 'shop.example.com'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
    ['123.example.com', '123.example.com'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
    ['XN--BCHER-KVA.DE', 'xn--bcher-kva.de'],
    ['1.2.3.com', '1.2.3.com'],
    [`${label(63)}.com`, `${label(63)}.com`],
    [nameOf(253), nameOf(253)],
    [`${nameOf(253)}.`, nameOf(253)],
  ])('%s', (input, stored) => {
    expect(checkDomain(input)).toEqual({ ok: true, domain: stored });
  });
});

describe('checkDomain: refused, with a reason that names the rule', () => {
  it.each([
    ['', /empty/],
    ['https://shop.example.com/pay', /without a scheme: send `shop.example.com`/],
    ['http://shop.example.com', /scheme/],
    ['shop.example.com/checkout', /path/],
    ['shop.example.com?x=1', /path, query/],
    ['user@shop.example.com', /user info/],
    ['shop.example.com:443', /port/],
    ['1.2.3.4', /IPv4/],
    ['192.168.0.1.', /IPv4/],
    ['10.1', /last label is numeric/],
    ['127.0.0.0x1', /last label is numeric/],
    ['shop.example.123', /last label is numeric/],
    ['::1', /IPv6/],
    ['[::1]', /IPv6/],
    ['2001:db8::1', /IPv6/],
    ['[2001:db8::1]:443', /IPv6/],
    ['fe80::1%eth0', /IPv6/],
    ['::ffff:1.2.3.4', /IPv6/],
    [nameOf(254), /254 characters; at most 253/],
    [`${label(64)}.com`, /64 characters; at most 63/],
    ['-shop.example.com', /may not start or end with a hyphen/],
    ['shop-.example.com', /may not start or end with a hyphen/],
    ['shop_1.example.com', /has `_`/],
    ['shop..example.com', /empty label/],
    ['.example.com', /empty label/],
    ['example.com..', /empty label/],
    ['localhost', /at least two labels/],
    ['com.', /at least two labels/],
    [' shop.example.com', /whitespace/],
    ['shop.example.com\n', /whitespace/],
    ['bücher.de', /ASCII \(punycode\) form: `xn--bcher-kva.de`/],
    ['xn--zz.de', /not valid punycode/],
    ['shop*.example.com', /has `\*`/],
  ])('%j', (input, reason) => {
    const r = checkDomain(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});

describe('checkDomain: any input', () => {
  it('never throws, and whatever it accepts is a lowercase LDH name of at most 253 characters that is no IP', () => {
    const piece = fc.constantFrom('a', 'Z', '0', '9', '-', '.', '_', ':', '/', '[', ']', 'ü', 'xn--', ' ', '@', '0x');
    const input = fc.oneof(fc.string({ maxLength: 300 }), fc.array(piece, { maxLength: 40 }).map((p) => p.join('')));
    fc.assert(
      fc.property(input, (raw) => {
        const r = checkDomain(raw);
        if (!r.ok) return;
        expect(r.domain.length).toBeLessThanOrEqual(253);
        const labels = r.domain.split('.');
        expect(labels.length).toBeGreaterThanOrEqual(2);
        for (const l of labels) expect(l).toMatch(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/);
        expect(labels[labels.length - 1]).not.toMatch(/^(\d+|0x[0-9a-f]*)$/);
      }),
      { numRuns: 2000 },
    );
  });
});
