/**
 * Every sealed value the store holds, for the start-up re-seal (engine/reseal.ts), whichever the
 * backend: which table, column and owner each is bound to (engine/sealed.ts).
 */
/** Record fields kept sealed inside a table's JSON column (`data` unless named); the row's id is the owner. */
export const SEALED_FIELDS = [
  ['sessions', 'buyerSealed'],
  ['sessions', 'buyerContactSealed'],
  ['payment_methods', 'billingAddressSealed'],
  ['webhook_subscriptions', 'secretSealed'],
  ['webhook_subscriptions', 'previousSecretSealed'],
  ['merchants', 'providerAccount', 'provider_account', 'secretsSealed'],
  ['sessions', 'mirrorSealed'],
  ['payment_intents', 'mirrorSealed'],
  ['mirror_orders', 'statusUrlSealed'],
  ['order_first_purchases', 'statusUrlSealed'],
] as const;

/**
 * Meta rows that hold a sealed value: the processor's secrets, the platform's key at the Stripe
 * stand-in and the demo merchant's keys (deps.ts, main.ts).
 */
export const SEALED_META = ['processor_secret', 'processor_webhook_secret', 'stripe_publishable_key', 'demo_merchant'] as const;

