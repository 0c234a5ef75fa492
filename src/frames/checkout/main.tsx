/**
 * Entry of the embedded checkout frame (/frames/checkout.html), mounted by `mountCheckout` on an
 * `embed` session. It polls embed-token, mounts the processor's fields inside itself as the hosted
 * page does, pays, completes (showing the bank's check when a charge made at complete needs it), and
 * tells the merchant page (its parent) the outcomes.
 */
import { render } from 'preact';
import { completeCheckout, reportClientError } from '../../client/checkout.ts';
import { completeSession, getEmbedToken } from '../../client/embed.ts';
import { getPublicSession } from '../../client/public.ts';
import { loadCheckoutLocale, t } from '../../locales/checkout.ts';
import { openChallenge } from '../../../embed/challenge.ts';
import { send, setChannelDebug } from '../../protocol/channel.ts';
import { CheckoutFrameToPage, PROTOCOL } from '../../protocol/messages.ts';
import { pageLocale } from '../../checkout/session-phase.ts';
import { CheckoutParams, readHash } from '../../protocol/params.ts';
import { createEmbeddedCheckout } from './bridge.ts';
import { EmbeddedCheckout } from './EmbeddedCheckout.tsx';
import { reportableHeight } from '../measure.ts';
import '../../checkout/styles.css';
import './checkout.css';

function start(): void {
  const params = readHash(location.hash, CheckoutParams);
  if (!params) return console.warn('[svcpay] checkout frame: invalid frame URL');
  setChannelDebug(params.debug === '1');
  if (window.parent === window) return console.warn('[svcpay] checkout frame: must be embedded by svcpay.js');
  // The hash is written by the embedding page; where the browser says who that is, agree with it.
  const ancestor = location.ancestorOrigins?.[0];
  if (ancestor !== undefined && ancestor !== params.parentOrigin) return console.warn('[svcpay] checkout frame: parentOrigin does not match the embedding page');

  const post = (body: Parameters<Parameters<typeof createEmbeddedCheckout>[0]['post']>[0]) =>
    send(window.parent, params.parentOrigin, CheckoutFrameToPage, { protocol: PROTOCOL, channel: params.channel, ...body } as CheckoutFrameToPage);
  const { checkout } = createEmbeddedCheckout({
    params,
    origin: location.origin,
    post,
    api: { getPublicSession, getEmbedToken, completeSession, completeCheckout, reportClientError },
    // A bank check of a charge the service makes at complete (agent_hosted_fields): the hosted
    // page's dialog, inside this frame, as a provider's own script shows its dialog here. The frame
    // grows to hold it while it is open (the page sizes the frame to what this one reports).
    challenge(url, done) {
      const locale = checkout.locale.value;
      document.documentElement.classList.add('checkout--challenge');
      // At the frame's top: the frame grows while the dialog is open, and a centred dialog would
      // move, with the bank's buttons, under the buyer's pointer.
      const texts = { label: t(locale, 'challenge.title'), cancel: t(locale, 'challenge.cancel'), top: true };
      openChallenge(url, texts, location.origin, document.activeElement, (outcome) => {
        document.documentElement.classList.remove('checkout--challenge');
        done(outcome);
      });
    },
  });

  // The page cannot measure a cross-origin frame: tell it the content height.
  if (typeof ResizeObserver !== 'undefined') {
    let last = -1;
    const report = () => {
      const measured = reportableHeight(document.body);
      if (measured === null) return;
      const height = Math.min(2000, Math.ceil(measured));
      if (height !== last) post({ type: 'checkout.resize', height: (last = height) });
    };
    new ResizeObserver(report).observe(document.body);
  }

  const root = document.getElementById('app');
  const locale = pageLocale(params.locale);
  if (root) void loadCheckoutLocale(locale).then(() => render(<EmbeddedCheckout checkout={checkout} />, root));
  void checkout.start();
}

start();
