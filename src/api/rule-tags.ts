/**
 * The `rule_tags` field of `POST /v1/payment_intents` (Doc 2). The wire schema only takes an
 * object, so the create's engine step (`validateRuleTags` in server/engine/rule-tags.ts) answers
 * every rule with a message naming the key, a JSON number included ("send numbers as numeric
 * strings"), instead of zod's generic type error.
 */
import { z } from 'zod';

export const RuleTags = z
  .record(z.string(), z.unknown())
  .describe(
    'string tags forwarded to the provider for rule matching: at most 5 keys; key 1 to 64 characters, value 1 to 80; send numbers as numeric strings ("42"); keys starting with `svcpay` or `vp_` and `amount`, `currency`, `merchant_id`, `livemode`, `id`, `mode`, `payment_intent`, `payment_intent_id`, `session_id`, `capture_method` are reserved; values shaped like an email address, an API key, a token or a card number are refused (400 `validation_error`)',
  );
