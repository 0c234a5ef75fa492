/** The hosted checkout page: order summary beside the processor's card fields and Pay. */
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { BuyerFields } from '../src/components/BuyerFields/index.ts';
import { OrderSummary } from '../src/components/OrderSummary/index.ts';
import { PayButton } from '../src/components/PayButton/index.ts';
import { StatusPanel } from '../src/components/StatusPanel/index.ts';
import { t } from '../src/locales/checkout.ts';
import { applyDocumentLocale } from '../src/locales/index.ts';
import { formatMoney } from '../src/locales/money.ts';
import type { MessageTarget } from '../src/protocol/channel.ts';
import type { Checkout } from './checkout-store.ts';
import { ProcessorFrame } from './processor-frame.tsx';

export interface AppProps {
  checkout: Checkout;
  /** For tests: where the frame's messages arrive. */
  events?: MessageTarget;
}

export interface PayFormProps extends AppProps {
  /**
   * Ask for the buyer details the session collects (issue 10): the hosted page does; the embedded
   * checkout frame does not (the merchant's own page has the buyer).
   */
  buyerFields?: boolean;
}

export function App({ checkout, events }: AppProps): JSX.Element {
  const phase = checkout.phase.value;
  const locale = checkout.locale.value;
  const localeTag = checkout.localeTag.value;
  const session = checkout.session.value;

  useEffect(() => {
    applyDocumentLocale(document, localeTag);
    document.title = session ? `${t(locale, 'checkout.title')} · ${session.merchantName}` : t(locale, 'checkout.title');
  }, [locale, localeTag, session]);

  if (phase === 'loading') {
    return (
      <main class="checkout checkout--centered" aria-busy="true">
        <p class="checkout__loading" role="status">
          {t(locale, 'checkout.loading')}
        </p>
      </main>
    );
  }
  if (phase === 'not_found' || phase === 'expired' || phase === 'error' || !session) {
    const kind = phase === 'expired' ? 'expired' : phase === 'error' ? 'error' : 'not_found';
    return (
      <main class="checkout checkout--centered">
        <div class="checkout__card">
          <StatusPanel kind={kind} locale={locale} headingLevel={1} onRetry={checkout.retry} />
        </div>
      </main>
    );
  }

  // Issue 10: a way back to the merchant wherever the buyer may give up: the form (pending, or
  // declined with another card allowed) and a decline with no attempt left.
  const back = session.cancelUrl && (phase === 'ready' || phase === 'failed') ? session.cancelUrl : null;
  return (
    <main class="checkout">
      <div class="checkout__layout">
        <div class="checkout__summary">
          <OrderSummary
            merchantName={session.merchantName}
            description={session.description}
            lineItems={session.lineItems}
            amount={session.amount}
            currency={session.currency}
            locale={checkout.localeTag.value}
            livemode={session.livemode}
          />
          {back && (
            <a class="checkout__cancel" href={back}>
              {t(locale, phase === 'failed' ? 'checkout.back' : 'checkout.cancel', { merchant: session.merchantName })}
            </a>
          )}
        </div>
        <div class="checkout__card">{phase === 'ready' ? <PayForm checkout={checkout} events={events} buyerFields /> : <Outcome checkout={checkout} />}</div>
      </div>
      <footer class="checkout__footer">{t(locale, 'checkout.secured_by')}</footer>
    </main>
  );
}

/** Every state beside the order summary that is not the form: each its own panel and words. */
function Outcome({ checkout }: { checkout: Checkout }): JSX.Element {
  const locale = checkout.locale.value;
  const phase = checkout.phase.value;
  const merchant = checkout.session.value?.merchantName ?? '';
  const redirecting = checkout.redirectUrl.value !== null;
  const detail = redirecting ? t(locale, 'status.success.redirecting', { merchant }) : undefined;
  switch (phase) {
    case 'succeeded':
    case 'held':
      return <StatusPanel kind={phase === 'held' ? 'held' : 'success'} locale={locale} merchant={merchant} detail={detail} />;
    case 'processing':
      return <StatusPanel kind="processing" locale={locale} merchant={merchant} onRetry={checkout.retry} />;
    case 'paid_already':
    case 'cancelled':
    case 'failed':
      return <StatusPanel kind={phase} locale={locale} merchant={merchant} />;
    default:
      return <StatusPanel kind="error" locale={locale} onRetry={checkout.retry} />;
  }
}

/** The card fields and Pay; also the body of the embedded checkout frame (src/frames/checkout). */
export function PayForm({ checkout, events, buyerFields = false }: PayFormProps): JSX.Element {
  const locale = checkout.locale.value;
  const session = checkout.session.value!;
  const frame = checkout.frame.value;
  const paying = checkout.paying.value;
  const frameReady = checkout.frameReady.value;
  const formRef = useRef<HTMLFormElement>(null);
  const refocus = useRef(false);

  // Paying disables the button, which drops focus to <body>, and after a decline it stays disabled
  // until the fresh fields frame is ready. Give focus back once the button can take it: a keyboard
  // user left on <body> would Tab straight out of the page. Only after a payment attempt, so the
  // page never grabs focus on load.
  useEffect(() => {
    if (paying) {
      refocus.current = true;
      return;
    }
    if (!refocus.current || !frameReady) return;
    refocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [paying, frameReady]);

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
        {t(locale, 'checkout.pay_with_card')}
      </h2>
      {checkout.notice.value && <StatusPanel kind="declined" locale={locale} message={checkout.notice.value} />}
      {frame && (
        <ProcessorFrame
          key={frame.key}
          url={frame.url}
          origin={frame.origin}
          title={t(locale, 'checkout.card_details')}
          height={checkout.frameHeight.value}
          onMessage={checkout.onFrameMessage}
          setPoster={checkout.setPoster}
          events={events}
        />
      )}
      <PayButton
        amount={formatMoney(session.amount, session.currency, checkout.localeTag.value)}
        locale={locale}
        busy={paying}
        disabled={!frameReady}
      />
      {!session.livemode && <p class="checkout__note">{t(locale, 'checkout.sandbox_notice')}</p>}
    </form>
  );
}
