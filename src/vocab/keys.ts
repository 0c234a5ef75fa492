/**
 * Identifier and API key shapes (Doc 1, "Identifier shapes"): the prefixes ids are minted with
 * and the patterns keys and ids are checked against. keys.test.ts mints one of each and checks it
 * against these patterns, so a prefix and its pattern cannot drift apart.
 */
export const idEnvs = ['test', 'live'] as const;
export type IdEnv = (typeof idEnvs)[number];

/** Alone as well as in `idPrefixes`: the embed script checks for it without the rest. */
export const secretKeyPrefix = 'vp_sk_';

export const idPrefixes = {
  session: 'vp_cs_',
  paymentIntent: 'vpi_',
  transaction: 'vp_tx_',
  event: 'vp_evt_',
  /** Not in Doc 1's table (its record is "not shown"); chosen to match the `vp_<kind>_{env}_` family. */
  walletDomain: 'vp_wd_',
  /** Doc 2: `vp_pmt_*` payment-method tokens, `vpr_{env}_*` refunds, `vp_by_{env}_*` buyers. */
  paymentMethod: 'vp_pmt_',
  refund: 'vpr_',
  buyer: 'vp_by_',
  /** Not in Doc 1's table (the subscription record is "not shown"); chosen like `vp_wd_`. */
  webhookSubscription: 'vp_whs_',
  secretKey: secretKeyPrefix,
  publishableKey: 'vp_pk_',
} as const;

/** A secret or publishable key the server will look up (Doc 1, Authentication). */
export const apiKeyShape = /^vp_(sk|pk)_(test|live)_[A-Za-z0-9]{8,128}$/;

/**
 * What the browser accepts as a publishable key before any request: looser than `apiKeyShape`
 * (any length), since the server has the last word; it only stops a secret key or a typo early.
 */
export const publishableKeyShape = /^vp_pk_(test|live)_[A-Za-z0-9]+$/;

/** A session id in a `/pay/{id}` URL, checked before the store is asked. */
export const sessionIdShape = /^vp_cs_(test|live)_[A-Za-z0-9]{1,64}$/;
