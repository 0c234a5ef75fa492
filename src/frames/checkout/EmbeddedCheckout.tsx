/** What the embedded checkout frame shows: the checkout's card form (src/checkout), without the hosted page around it. */
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import { StatusPanel } from '../../components/StatusPanel/index.ts';
import { t } from '../../locales/checkout.ts';
import { applyDocumentLocale } from '../../locales/index.ts';
import { PayForm, type CheckoutViewProps } from '../../checkout/PayForm.tsx';

export function EmbeddedCheckout({ checkout, events }: CheckoutViewProps): JSX.Element {
  const phase = checkout.phase.value;
  const locale = checkout.locale.value;
  const localeTag = checkout.localeTag.value;

  useEffect(() => {
    applyDocumentLocale(document, localeTag);
  }, [localeTag]);

  let body: JSX.Element;
  if (phase === 'loading') {
    body = (
      <p class="checkout__loading" role="status">
        {t(locale, 'checkout.loading')}
      </p>
    );
  } else if (phase === 'succeeded') {
    body = <StatusPanel kind={checkout.session.value?.mode === 'setup' ? 'saved' : 'success'} locale={locale} />;
  } else if (phase === 'held' || phase === 'paid_already' || phase === 'cancelled' || phase === 'failed' || phase === 'processing') {
    // The hosted page's own words for each (issue 10); the merchant's page around the frame has the rest.
    body = <StatusPanel kind={phase} locale={locale} merchant={checkout.session.value?.merchantName} onRetry={checkout.retry} />;
  } else if (phase === 'ready' && checkout.session.value) {
    body = <PayForm checkout={checkout} events={events} />;
  } else {
    body = <StatusPanel kind={phase === 'expired' ? 'expired' : phase === 'error' ? 'error' : 'not_found'} locale={locale} onRetry={checkout.retry} />;
  }
  return <main class="checkout checkout--embedded">{body}</main>;
}
