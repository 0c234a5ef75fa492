/** What stripe-merchant.test.ts and charge-and-save.test.ts share: a buyer paying a Stripe form in the browser. */
import type { testApp } from '../../../testing.ts';
import { CARD } from '../../checkout/fixtures.ts';

type T = Awaited<ReturnType<typeof testApp>>;

/** What stripe.js's card frame sends to the stand-in: the card, with the publishable key and the client secret `init` handed out. */
export const confirmStripeForm = (t: T, init: { token: string; accountId: string; publishableKey: string }, number: string) =>
  t.sandbox.stripe.request(`/v1/payment_intents/${init.token.split('_secret_')[0]}/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      key: init.publishableKey,
      _stripe_account: init.accountId,
      client_secret: init.token,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': String(CARD.expMonth),
      'payment_method_data[card][exp_year]': String(CARD.expYear),
      'payment_method_data[card][cvc]': '123',
    }),
  });
