/**
 * An amount as text, its currency symbol in a <bdi> of its own: on a right-to-left page the
 * letters of "US$" would otherwise be reordered to "$US" (issue 36). The text is exactly
 * formatMoney's, so accessible names do not change.
 */
import type { JSX } from 'preact';

export function isolatedMoney(parts: readonly Intl.NumberFormatPart[]): (string | JSX.Element)[] {
  return parts.map((p, i) => (p.type === 'currency' ? <bdi key={i}>{p.value}</bdi> : p.value));
}
