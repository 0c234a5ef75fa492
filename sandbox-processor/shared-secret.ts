/**
 * Doc 3, Several instances: an instance and a processor that runs alone share one secret,
 * SVCPAY_PROCESSOR_SECRET. The secrets each side needs are drawn from it, the same on every
 * instance and on the processor without being stored anywhere:
 * - the bearer secret of the server API (and the Stripe and Braintree stand-ins' private keys);
 * - the secret the processor signs its provider events with, which the instances verify with;
 * - the platform's publishable key at the Stripe stand-in (public, but the same everywhere).
 */
import { createHmac } from 'node:crypto';

export interface ProcessorSecrets {
  apiSecret: string;
  webhookSecret: string;
  stripePublishableKey: string;
}

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(`svcpay ${purpose}`).digest('base64url');

export function processorSecrets(shared: string): ProcessorSecrets {
  return {
    apiSecret: `sbx_sk_${derive(shared, 'server api')}`,
    webhookSecret: `whsec_${derive(shared, 'provider events')}`,
    stripePublishableKey: `pk_test_${derive(shared, 'stripe publishable key')}`,
  };
}
