/** What the fuzz knows of one route: its key rule, its body and the targets that fill its path. */
import fc from 'fast-check';
import type { z } from 'zod';
import type { JsonSchema } from './json-schema-arbitrary.ts';

/** A body value the runner replaces with the target's id (see Target). */
export const SESSION = fc.constant('$SESSION');

/** What fills a route's path parameter or the `$SESSION`/`$TX` placeholders of its body. */
export type Target =
  | 'fresh-hosted' // an open hosted session made just before the request
  | 'fresh-elements' // an open elements session that charges at submit
  | 'paid' // a hosted session with an approved sandbox transaction, ready to complete
  | 'used' // a session earlier requests have already moved on
  | 'foreign' // another merchant's session
  | 'live' // a live-mode session
  | 'bogus' // an id that names nothing
  | 'scratch-merchant' // a merchant the control API may change freely
  | 'unknown-merchant'
  | 'asset'
  | 'frame'
  | 'script' // svcpay.js or a part of it loaded on demand
  | 'unknown-path'
  | 'apple-domain' // a wallet domain registered just before the request
  | 'google-domain'
  | 'bogus-domain'
  | 'buyer' // a buyer of the main merchant made just before the request
  | 'foreign-buyer' // another merchant's buyer
  | 'bogus-buyer'
  | 'token' // a vaulted card made just before the request (fills `$SESSION` in a body)
  | 'foreign-token'
  | 'bogus-token'
  | 'held-intent' // a payment intent authorized for a manual capture
  | 'paid-intent' // a captured payment intent
  | 'foreign-intent'
  | 'bogus-intent'
  | 'gateway' // the sandbox processor's gateway id
  | 'refundable'
  | 'webhook-subscription' // a subscription made just before the request
  | 'bogus-subscription'
  | 'webhook-event' // an event of the main merchant
  | 'bogus-event'; // a succeeded payment intent of the main merchant: `$SESSION` is its id, `$TX` its vp_tx_id

export type KeyRule = 'secret' | 'publishable' | 'either' | 'none';

export interface RouteSpec {
  method: string;
  /** hono's form: `/v1/sessions/:sessionId`. */
  path: string;
  key: KeyRule;
  sameOrigin?: boolean;
  /** The body's schema; taken from the contract when the route is in it. */
  schema?: JsonSchema;
  /** Zod schema of a route outside the contract. */
  zod?: z.ZodType;
  hints?: Record<string, fc.Arbitrary<unknown>>;
  /** Fields the schema leaves optional but the engine needs (Doc 1: a payment session's amount). */
  required?: string[];
  /** Path parameters (and placeholders) are filled from these; the first is the one that succeeds. */
  targets?: Target[];
  query?: fc.Arbitrary<string>;
  /** A create route: at least MIN_SUCCESS of its valid requests must succeed. */
  create?: boolean;
  /** Its own refusal shape instead of the envelope. */
  ownErrorShape?: (status: number, contentType: string, body: string) => boolean;
}
