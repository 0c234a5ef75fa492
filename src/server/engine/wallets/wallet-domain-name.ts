/**
 * The `domain` of a wallet-domain registration (Doc 1, "Wallet-domain verification": a bare RFC
 * 1123 hostname, max 253 chars, no scheme, path, port or IP literal). Pure: returns the stored
 * form or the reason it is refused, worded for the merchant who typed it.
 *
 * Decisions (docs/merchant.md, Wallet domains):
 * - one trailing dot (the DNS root, `shop.example.com.`) is dropped: it names the same host;
 * - letters are lowercased (DNS names are case-insensitive), so `Shop.Example.COM` is a duplicate
 *   of `shop.example.com`;
 * - internationalised names are taken in their ASCII form (`xn--` labels, which must be valid
 *   punycode); raw Unicode is refused with the ASCII form to send instead, so the stored name is
 *   the one the wallet provider sees;
 * - nothing is trimmed: stray whitespace is refused rather than guessed at.
 */
import { domainToASCII } from 'node:url';

export type DomainCheck = { ok: true; domain: string } | { ok: false; reason: string };

const MAX_NAME = 253;
const MAX_LABEL = 63;
const LDH = /^[a-z0-9-]+$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}\.?$/;
/**
 * A last label that URL parsers read as a number (decimal, or 0x hex): `1.2.3.4`, `10.1`,
 * `127.0.0.0x1`. Browsers turn such names into IPv4 addresses, and no top-level domain is numeric.
 */
const NUMERIC_LABEL = /^(\d+|0x[0-9a-f]*)$/;

const no = (reason: string): DomainCheck => ({ ok: false, reason });

/** What to send instead when the input looks like a URL: its host, when one can be read. */
function hostOf(input: string): string | undefined {
  try {
    const host = new URL(input).hostname;
    return host && !host.startsWith('[') ? host : undefined;
  } catch {
    return undefined;
  }
}

export function checkDomain(input: string): DomainCheck {
  if (input.length === 0) return no('domain is empty.');
  if (/\s/.test(input)) return no('domain contains whitespace; send the bare hostname, e.g. `shop.example.com`.');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) {
    const host = hostOf(input);
    return no(`domain must be a bare hostname without a scheme${host ? `: send \`${host}\`` : ''}.`);
  }
  if (input.startsWith('[') || (input.match(/:/g) ?? []).length > 1) return no('domain must be a hostname, not an IP address (IPv6 literals are refused).');
  if (/[/?#]/.test(input)) return no('domain must be a bare hostname without a path, query or fragment.');
  if (input.includes('@')) return no('domain must be a bare hostname without user info.');
  if (input.includes(':')) return no('domain must be a bare hostname without a port.');
  if (IPV4.test(input)) return no('domain must be a hostname, not an IP address (IPv4 literals are refused).');
  if (/[\u0080-\uffff]/.test(input)) {
    const ascii = domainToASCII(input);
    return no(`domain has non-ASCII characters; send its ASCII (punycode) form${ascii ? `: \`${ascii}\`` : ' with `xn--` labels'}.`);
  }

  const name = (input.endsWith('.') ? input.slice(0, -1) : input).toLowerCase();
  if (name.length > MAX_NAME) return no(`domain is ${name.length} characters; at most ${MAX_NAME} are allowed.`);
  const labels = name.split('.');
  if (labels.length < 2) return no('domain needs at least two labels (such as `example.com`); a single name is not a public domain.');
  for (const label of labels) {
    if (label.length === 0) return no('domain has an empty label (a leading dot or two dots in a row).');
    if (label.length > MAX_LABEL) return no(`domain label \`${label.slice(0, 12)}…\` is ${label.length} characters; at most ${MAX_LABEL} are allowed.`);
    if (!LDH.test(label)) {
      const bad = [...label].find((ch) => !/[a-z0-9-]/.test(ch))!;
      return no(`domain label \`${label}\` has \`${bad}\`; only letters, digits and hyphens are allowed.`);
    }
    if (label.startsWith('-') || label.endsWith('-')) return no(`domain label \`${label}\` may not start or end with a hyphen.`);
    // domainToASCII answers '' for an `xn--` label that is not valid punycode.
    if (label.startsWith('xn--') && domainToASCII(label) !== label) return no(`domain label \`${label}\` is not valid punycode.`);
  }
  if (NUMERIC_LABEL.test(labels[labels.length - 1]!)) return no('domain must be a hostname, not an IP address (its last label is numeric).');
  return { ok: true, domain: name };
}
