// @ts-check
/**
 * The Braintree stand-in's bank check (3-D Secure challenge), shown by braintree.js in a dialog over
 * the page: the buyer completes or fails it; the answer goes to the stand-in's client API (same
 * origin) and the page that opened the check hears only that it is over.
 */
(function () {
  'use strict';
  const p = new URLSearchParams(location.hash.slice(1));
  const parentOrigin = p.get('parentOrigin') || '';
  const amount = p.get('amount') || '';
  const what = /** @type {HTMLElement} */ (document.getElementById('what'));
  if (amount) what.textContent = `Sandbox bank check for a payment of ${amount}.`;
  /** @param {'approve' | 'fail'} result */
  async function answer(result) {
    const gateway = p.get('gateway') || '';
    const res = await fetch(`/merchants/${encodeURIComponent(gateway)}/client_api/v1/payment_methods/${encodeURIComponent(p.get('nonce') || '')}/three_d_secure/authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ authorizationFingerprint: p.get('fingerprint'), result }),
    }).catch(() => null);
    if (!res || !res.ok) {
      /** @type {HTMLElement} */ (document.getElementById('error')).textContent = 'The bank check could not be answered. Close it and try again.';
      return;
    }
    if (window.parent !== window && /^https?:\/\/[^/]+$/.test(parentOrigin)) window.parent.postMessage({ mark: 'svcpay-braintree-stand-in', type: '3ds-done', approved: result === 'approve' }, parentOrigin);
  }
  document.getElementById('approve')?.addEventListener('click', () => void answer('approve'));
  document.getElementById('fail')?.addEventListener('click', () => void answer('fail'));
  /** @type {HTMLElement} */ (document.getElementById('title')).focus();
})();
