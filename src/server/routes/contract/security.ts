/**
 * How the contract names the keys (Doc 1, Authentication): two bearer schemes, and the
 * requirement a route declares with `security:` in its `createRoute`. A route that declares
 * none gets Doc 1's rule from ./document.ts.
 */
export const securitySchemes = {
  secretKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'vp_sk_test_… / vp_sk_live_…',
    description: 'Secret key: server-side only. Most merchant endpoints need it.',
  },
  publishableKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'vp_pk_test_… / vp_pk_live_…',
    description: 'Publishable key: browser-safe. Required on /v1/public/*; also accepted by POST /v1/sessions and GET /v1/capabilities.',
  },
} as const;

export type KeyRule = 'secret' | 'publishable' | 'either' | 'none';

/** OpenAPI `security` for each rule: alternatives are OR-ed; an empty list means no key. */
export const security: Record<KeyRule, Record<string, string[]>[]> = {
  secret: [{ secretKey: [] }],
  publishable: [{ publishableKey: [] }],
  either: [{ secretKey: [] }, { publishableKey: [] }],
  none: [],
};

/** The rule a `security` list expresses (the inverse of `security`). */
export function keyRuleOf(list: readonly Record<string, unknown>[] | undefined): KeyRule | undefined {
  if (list === undefined) return undefined;
  const names = new Set(list.flatMap((s) => Object.keys(s)));
  if (names.size === 0) return 'none';
  if (names.has('secretKey') && names.has('publishableKey')) return 'either';
  return names.has('publishableKey') ? 'publishable' : 'secret';
}
