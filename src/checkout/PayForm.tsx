/**
 * The card form of a checkout: the buyer details the session collects (hosted page only), the
 * processor's card fields in their frame, and Pay. The hosted page (hosted-page/app.tsx) shows it
 * beside the order summary; the embedded checkout frame (src/frames/checkout) shows it alone.
 */
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { BuyerFields } from '../components/BuyerFields/index.ts';
import { PayButton } from '../components/PayButton/index.ts';
import { StatusPanel } from '../components/StatusPanel/index.ts';
import { t } from '../locales/checkout.ts';
import { formatMoneyParts } from '../locales/money.ts';
import type { MessageTarget } from '../protocol/channel.ts';
import type { Checkout } from './checkout-store.ts';

/** What a view of the checkout is given: the hosted page's App, the embedded checkout, the form. */
export interface CheckoutViewProps {
  checkout: Checkout;
  /** For tests: where the frame's messages arrive. */
  events?: MessageTarget;
}

export interface PayFormProps extends CheckoutViewProps {
  /**
   * Ask for the buyer details the session collects (issue 10): the hosted page does; the embedded
   * checkout frame does not (the merchant's own page has the buyer).
   */
  buyerFields?: boolean;
}

/** The card fields and Pay; also the body of the embedded checkout frame (src/frames/checkout). */
export function PayForm({ checkout, events, buyerFields = false }: PayFormProps): JSX.Element {
  const locale = checkout.locale.value;
  const session = checkout.session.value!;
  // A setup session saves the card and charges nothing (issue 35): no "Pay", no amount.
  const setup = session.mode === 'setup';
  const fields = checkout.fields.value;
  const paying = checkout.paying.value;
  const frameReady = checkout.frameReady.value;
  /** Issue 38: a failed attempt's fields stay on screen, inert, until the fresh ones are ready. */
  const renewing = checkout.renewing.value;
  /** Issue 35: the session lacks details it requires, so no card fields yet: Continue saves them, then they show. */
  const detailsFirst = checkout.detailsFirst.value;
  const formRef = useRef<HTMLFormElement>(null);
  const refocus = useRef<'pay' | 'card' | null>(null);

  // Paying disables the button, which drops focus to <body>, and after a decline it stays disabled
  // until the fresh fields are ready. Give focus back once they are: a keyboard user left on <body>
  // would Tab straight out of the page. After a decline it goes to the fresh card number, where the
  // next card is typed (issue 38); otherwise to Pay. Only after a payment attempt, so the page never
  // grabs focus on load, and never from where the buyer went meanwhile (an email to correct).
  useEffect(() => {
    if (paying || renewing) {
      refocus.current = renewing ? 'card' : 'pay';
      return;
    }
    const to = refocus.current;
    if (!to || !frameReady) return;
    refocus.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    if (to === 'card') checkout.focusCard();
    else formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [paying, renewing, frameReady]);

  return (
    <form
      ref={formRef}
      class="checkout__form"
      noValidate
      aria-labelledby="checkout-pay-heading"
      onSubmit={(e) => {
        e.preventDefault();
        checkout.pay();
      }}
    >
      {buyerFields && (
        <BuyerFields
          plan={session.buyerFields}
          locale={checkout.localeTag.value}
          country={session.country}
          disabled={paying}
          handleRef={(h) => checkout.setBuyerForm(h && (() => h.collect()))}
        />
      )}
      <h2 class="checkout__heading" id="checkout-pay-heading">
        {t(locale, setup ? 'checkout.card_details' : 'checkout.pay_with_card')}
      </h2>
      {checkout.notice.value && <StatusPanel kind="declined" locale={locale} message={checkout.notice.value} />}
      {fields && (
        <div class={renewing ? 'checkout__fields checkout__fields--renewing' : 'checkout__fields'}>
          {/* Inert: neither focus nor typing reaches a form about to be replaced, and it is dimmed. */}
          <div class="checkout__fields-body" inert={renewing} aria-busy={renewing ? 'true' : undefined}>
            <fields.provider.Fields
              key={fields.spec.key}
              spec={fields.spec}
              title={t(locale, 'checkout.card_details')}
              locale={checkout.localeTag.value}
              height={checkout.frameHeight.value}
              onMessage={checkout.onFrameMessage}
              setPoster={checkout.setPoster}
              onFailure={checkout.fieldsFailed}
              events={events}
            />
          </div>
          {/* Outside the inert part, which assistive technology does not read: why the form waits. */}
          <p class="checkout__fields-status" role="status">
            {renewing && <span>{t(locale, 'checkout.renewing')}</span>}
          </p>
        </div>
      )}
      <PayButton
        amount={formatMoneyParts(session.amount, session.currency, checkout.localeTag.value)}
        locale={locale}
        busy={paying}
        disabled={!frameReady && !detailsFirst}
        step={detailsFirst ? 'continue' : 'pay'}
        saveCard={setup}
      />
      {!session.livemode && <p class="checkout__note">{t(locale, 'checkout.sandbox_notice')}</p>}
    </form>
  );
}
