/** The hosted checkout page: order summary beside the processor's card fields and Pay. */
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
// The pay form first: its components' styles keep their place in the stylesheet the embedded checkout shares.
import { PayForm, type CheckoutViewProps } from '../src/checkout/PayForm.tsx';
import type { Checkout } from '../src/checkout/checkout-store.ts';
import { OrderSummary } from '../src/components/OrderSummary/index.ts';
import { StatusPanel } from '../src/components/StatusPanel/index.ts';
import { t } from '../src/locales/checkout.ts';
import { applyDocumentLocale } from '../src/locales/index.ts';

export type AppProps = CheckoutViewProps;

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
      // A setup session saved the card and charged nothing (issue 35): it says so, never "payment successful".
      return <StatusPanel kind={phase === 'held' ? 'held' : checkout.session.value?.mode === 'setup' ? 'saved' : 'success'} locale={locale} merchant={merchant} detail={detail} />;
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
