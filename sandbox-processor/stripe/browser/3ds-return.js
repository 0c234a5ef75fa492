// @ts-check
/**
 * Where the bank check sends its frame back (the return URL stripe-v3.js gives with a
 * confirmation): tells the stripe.js stand-in on the page that opened the check, at the origin in
 * the query, that the bank is done. It carries nothing else: stripe.js reads the outcome from the
 * PaymentIntent.
 */
(function () {
  'use strict';
  const origin = new URLSearchParams(location.search).get('origin') || '';
  if (window.parent !== window && /^https?:\/\/[^/]+$/.test(origin)) window.parent.postMessage({ mark: 'svcpay-stripe-stand-in', type: '3ds-complete' }, origin);
})();
