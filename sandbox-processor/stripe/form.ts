/**
 * Stripe's request bodies: `application/x-www-form-urlencoded` with brackets for nesting
 * (`metadata[reference]=att_1`, `expand[0]=latest_charge`), as the `stripe` Node SDK writes them.
 * Read into plain objects and arrays; a key that would reach `__proto__` is dropped.
 */
type Node = Record<string, unknown>;

const UNSAFE = new Set(['__proto__', 'prototype', 'constructor']);

export function parseStripeForm(body: string): Node {
  const out: Node = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    if (path.some((p) => UNSAFE.has(p))) continue;
    let at: Node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        at[part] = value;
        return;
      }
      if (typeof at[part] !== 'object' || at[part] === null) at[part] = {};
      at = at[part] as Node;
    });
  }
  return toArrays(out) as Node;
}

/** `{ "0": a, "1": b }` becomes `[a, b]`: Stripe's lists are sent indexed. */
function toArrays(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  const entries = Object.entries(v as Node).map(([k, x]) => [k, toArrays(x)] as const);
  if (entries.length && entries.every(([k], i) => k === String(i))) return entries.map(([, x]) => x);
  return Object.fromEntries(entries);
}
