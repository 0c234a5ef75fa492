/**
 * The hosted checkout page's states for the designers' gallery (STYLE.md habit 4): what the
 * service answers and what the buyer did, with sandbox data. The gallery (demo/gallery/
 * hosted-scenario.ts) plays each against the real App and store through a fake API: no session,
 * no server, no card data.
 */
import type { PublicSession } from '../src/api/checkout.ts';
import type { DemoStates } from '../src/components/demo-state.ts';

export interface HttpFailure {
  status: number;
  code: string;
}

export interface HostedPageScenario {
  /** What `GET /v1/public/sessions/{id}` answers: the session, a failure, or nothing yet. */
  session: PublicSession | HttpFailure | 'no-answer';
  /** What `POST /api/checkout/init` answers instead of a sandbox token. */
  initFailure?: HttpFailure;
  /**
   * What happened after the buyer pressed Pay: the charge is still running, the card was
   * declined (with this decline code; `freshFormHeld`: the retry's fresh form never arrives, so
   * the declined one stays, inert, issue 38), or it went through (`complete` answers this redirect).
   */
  pay?: 'running' | { declineCode: string; freshFormHeld?: boolean } | { redirectUrl: string | null };
  /** The session's `locale`; the gallery's `locale` query sets it otherwise. */
  locale?: string;
}

const shop = 'http://127.0.0.1:4244';

/** A sandbox session as the demo shop creates one: a T-shirt and a sticker pack. */
export const gallerySession: PublicSession = {
  id: 'cs_test_gallery',
  status: 'pending',
  amount: 4150,
  currency: 'usd',
  description: 'Order #1042',
  locale: null,
  mode: 'payment',
  integrationMode: 'embed',
  chargeAtSubmit: false,
  livemode: false,
  merchantName: 'Svc Shop',
  lineItems: [
    { name: 'Svc Tee', quantity: 1, unitAmount: 2500 },
    { name: 'Sticker pack', quantity: 1, unitAmount: 1650 },
  ],
  cancelUrl: `${shop}/`,
  expiresAt: '2999-01-01T00:00:00.000Z',
  retry: { allowed: true, attempts_remaining: 3 },
  country: 'US',
  shipping: 'none',
  billingAddress: 'auto',
  phone: 'none',
  nameCollection: 'auto',
  paymentStatus: 'unpaid',
  buyerFields: { email: 'optional', name: 'optional', phone: 'none', shippingAddress: 'none', billingAddress: 'none' },
};

const session = (changes: Partial<PublicSession>): PublicSession => ({ ...gallerySession, ...changes });

export const states: DemoStates<HostedPageScenario> = {
  loading: { description: 'Opening: the session is still being read', props: { session: 'no-answer' } },
  ready: { description: 'Ready to pay: order summary, card fields, Pay, and the way back to the shop', main: true, props: { session: gallerySession } },
  'ready-one-item': {
    description: 'Ready to pay, one line item, no description, no cancel link',
    props: { session: session({ amount: 2500, description: null, cancelUrl: null, lineItems: [{ name: 'Svc Tee', quantity: 1, unitAmount: 2500 }] }) },
  },
  processing: { description: 'Pay pressed: the charge is running', props: { session: gallerySession, pay: 'running' } },
  declined: {
    description: 'Card declined: the reason above fresh card fields, the buyer can pay again',
    main: true,
    props: { session: gallerySession, pay: { declineCode: 'insufficient_funds' } },
  },
  'declined-preparing': {
    description: 'Card declined, the fresh card fields still on their way: the declined ones dimmed and inert, saying why',
    props: { session: gallerySession, pay: { declineCode: 'insufficient_funds', freshFormHeld: true } },
  },
  succeeded: { description: 'Paid: success, about to return to the shop', main: true, props: { session: gallerySession, pay: { redirectUrl: `${shop}/success?session_id=cs_test_gallery` } } },
  'paid-already': { description: 'A second tab opens a paid session: paid already, no second payment', props: { session: session({ status: 'succeeded', paymentStatus: 'paid', retry: null }) } },
  held: { description: 'Manual capture: authorized, not yet charged', props: { session: session({ status: 'succeeded', paymentStatus: 'held', retry: null }) } },
  cancelled: { description: 'The merchant released the hold: cancelled, nothing charged', props: { session: session({ status: 'succeeded', paymentStatus: 'cancelled', retry: null }) } },
  'buyer-fields': {
    description: 'Email, phone and shipping address required above the card',
    main: true,
    props: { session: session({ buyerFields: { email: 'required', name: 'none', phone: 'required', shippingAddress: 'required', billingAddress: 'none' } }) },
  },
  'failed-for-good': {
    description: 'Failed for good: no attempt left, the service refuses a new one',
    props: { session: session({ status: 'failed', retry: { allowed: false, attempts_remaining: 0 } }), initFailure: { status: 409, code: 'session_wrong_state' } },
  },
  'load-error': { description: 'The service could not be reached: Try again', props: { session: { status: 503, code: 'service_unavailable' } } },
  expired: { description: 'The session expired before payment', props: { session: session({ status: 'expired', retry: null }) } },
  'not-found': { description: 'No such session (a mistyped or foreign link)', props: { session: { status: 404, code: 'session_not_found' } } },
  'japanese-yen': {
    description: 'Japanese session in yen (no minor digits)',
    props: { session: session({ currency: 'jpy', amount: 3300, locale: 'ja', description: null, lineItems: [{ name: 'Tシャツ', quantity: 1, unitAmount: 3300 }] }), locale: 'ja' },
  },
};
