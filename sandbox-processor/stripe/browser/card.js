// @ts-check
/**
 * The stand-in's card element frame (elements/card.html, the stand-in's origin): the buyer types the
 * card here, and only here. It answers the stripe.js stand-in on the page that mounted it
 * (stripe-v3.js), and only that page's window at the origin given in its hash; a confirmation is
 * sent from here to the stand-in's API with the publishable key and the PaymentIntent's client
 * secret, and the page hears back the PaymentIntent, never the card.
 */
(function () {
  'use strict';
  const MARK = 'svcpay-stripe-stand-in';
  const params = new URLSearchParams(location.hash.slice(1));
  const key = params.get('key') || '';
  const account = params.get('account') || '';
  const parentOrigin = params.get('parentOrigin') || '';
  const $ = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
  const number = $('number'), expiry = $('expiry'), cvc = $('cvc'), postal = $('postal');
  const errorLine = /** @type {HTMLElement} */ (document.getElementById('error'));
  const hidePostal = params.get('hidePostalCode') === 'true';
  if (hidePostal) document.getElementById('card')?.classList.add('hide-postal');
  try {
    const style = JSON.parse(params.get('style') || '{}');
    const base = (style && style.base) || {};
    if (typeof base.color === 'string') document.body.style.color = base.color;
    if (typeof base.fontSize === 'string') document.body.style.fontSize = base.fontSize;
  } catch {
    // A style that does not parse is ignored, as Stripe ignores unknown style keys.
  }

  /** @param {Record<string, unknown>} msg */
  const post = (msg) => {
    if (window.parent !== window && /^https?:\/\/[^/]+$/.test(parentOrigin)) window.parent.postMessage({ mark: MARK, ...msg }, parentOrigin);
  };
  const digits = (/** @type {string} */ s) => s.replace(/\D/g, '');
  /** @param {string} n */
  const brandOf = (n) =>
    /^4/.test(n) ? 'visa' : /^(5[1-5]|2[2-7])/.test(n) ? 'mastercard' : /^3[47]/.test(n) ? 'amex' : /^(6011|65|64[4-9])/.test(n) ? 'discover'
      : /^3(0[0-5]|[689])/.test(n) ? 'diners' : /^35/.test(n) ? 'jcb' : /^62/.test(n) ? 'unionpay' : 'unknown';
  /** @param {string} n */
  const luhn = (n) => {
    let sum = 0;
    for (let i = 0; i < n.length; i++) {
      let d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return n.length >= 12 && sum % 10 === 0;
  };
  const numberLength = (/** @type {string} */ brand) => (brand === 'amex' ? 15 : brand === 'diners' ? 14 : 16);
  const cvcLength = (/** @type {string} */ brand) => (brand === 'amex' ? 4 : 3);

  /** What the card says now: Stripe's change event, and the first problem with the field it is in. */
  function read() {
    const n = digits(number.value);
    const brand = brandOf(n);
    const [mm, yy] = digits(expiry.value).match(/^(\d{0,2})(\d{0,2})/)?.slice(1) || ['', ''];
    const month = Number(mm), year = 2000 + Number(yy), now = new Date();
    const expired = year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
    /** @type {{ field: HTMLInputElement, code: string, message: string }[]} */
    const problems = [];
    if (n.length < numberLength(brand)) problems.push({ field: number, code: 'incomplete_number', message: 'Your card number is incomplete.' });
    else if (!luhn(n)) problems.push({ field: number, code: 'invalid_number', message: 'Your card number is invalid.' });
    if (mm.length < 2 || yy.length < 2) problems.push({ field: expiry, code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." });
    else if (month < 1 || month > 12) problems.push({ field: expiry, code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." });
    else if (expired) problems.push({ field: expiry, code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." });
    if (digits(cvc.value).length < cvcLength(brand)) problems.push({ field: cvc, code: 'incomplete_cvc', message: "Your card's security code is incomplete." });
    if (!hidePostal && postal.value.trim() === '') problems.push({ field: postal, code: 'incomplete_zip', message: 'Your postal code is incomplete.' });
    const empty = !n && !expiry.value && !cvc.value && !postal.value;
    return { n, brand, month, year, problems, empty };
  }

  /** Shows a problem (or none) on its field. @param {{ field: HTMLInputElement, message: string } | undefined} p */
  function show(p) {
    for (const f of [number, expiry, cvc, postal]) f.removeAttribute('aria-invalid');
    errorLine.textContent = p ? p.message : '';
    if (p) p.field.setAttribute('aria-invalid', 'true');
  }

  /** Stripe's change event: an error only for a field the buyer has left or filled. */
  function changed(/** @type {HTMLInputElement | null} */ left) {
    const s = read();
    const p = left ? s.problems.find((x) => x.field === left) : undefined;
    // While the buyer is still typing in it, an unfinished field is not an error yet.
    const shown = p && left && left.value !== '' && (left !== document.activeElement || !p.code.startsWith('incomplete')) ? p : undefined;
    show(shown);
    post({ type: 'change', event: { empty: s.empty, complete: s.problems.length === 0, brand: s.brand, value: { postalCode: postal.value.trim() }, ...(shown ? { error: { type: 'validation_error', code: shown.code, message: shown.message } } : {}) } });
  }

  number.addEventListener('input', () => {
    const n = digits(number.value).slice(0, 19);
    number.value = (brandOf(n) === 'amex' ? n.replace(/^(\d{4})(\d{0,6})(\d{0,5}).*/, '$1 $2 $3') : n.replace(/(\d{4})(?=\d)/g, '$1 ')).trim();
    if (n.length === numberLength(brandOf(n)) && luhn(n)) expiry.focus();
    changed(number);
  });
  expiry.addEventListener('input', () => {
    const d = digits(expiry.value).slice(0, 4);
    expiry.value = d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
    if (d.length === 4) cvc.focus();
    changed(expiry);
  });
  cvc.addEventListener('input', () => {
    cvc.value = digits(cvc.value).slice(0, cvcLength(read().brand));
    changed(cvc);
  });
  postal.addEventListener('input', () => changed(postal));
  for (const f of [number, expiry, cvc, postal]) {
    f.addEventListener('focus', () => post({ type: 'focus' }));
    f.addEventListener('blur', () => {
      post({ type: 'blur' });
      changed(f);
    });
  }

  /** The card's problem, shown on its field, as stripe.js's validation_error; null when the card is complete. */
  function refuse(/** @type {ReturnType<typeof read>} */ s) {
    const first = s.problems[0];
    if (!first) return null;
    show(first);
    first.field.focus();
    return { error: { type: 'validation_error', code: first.code, message: first.message } };
  }

  /** stripe.js's createPaymentMethod: the card becomes a PaymentMethod; the page hears its id and what Stripe shows of it. */
  async function createPaymentMethod() {
    const s = read();
    const refused = refuse(s);
    if (refused) return refused;
    const fields = {
      key, _stripe_account: account, type: 'card', 'card[number]': s.n, 'card[exp_month]': String(s.month), 'card[exp_year]': String(s.year), 'card[cvc]': digits(cvc.value),
      ...(hidePostal ? {} : { 'billing_details[address][postal_code]': postal.value.trim() }),
    };
    try {
      const res = await fetch('/v1/payment_methods', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
      return await res.json();
    } catch {
      return { error: { type: 'api_connection_error', message: 'We could not reach the payment service. Check your connection.' } };
    }
  }

  /** Sends the card to the stand-in's API: the PaymentIntent (or Stripe's error) is all the page hears. */
  async function confirm(/** @type {Record<string, any>} */ msg) {
    const s = read();
    const refused = refuse(s);
    if (refused) return refused;
    const billing = msg.billingDetails && typeof msg.billingDetails === 'object' ? msg.billingDetails : {};
    const fields = {
      key, _stripe_account: account, client_secret: String(msg.clientSecret), return_url: String(msg.returnUrl),
      'payment_method_data[type]': 'card', 'payment_method_data[card][number]': s.n, 'payment_method_data[card][exp_month]': String(s.month),
      'payment_method_data[card][exp_year]': String(s.year), 'payment_method_data[card][cvc]': digits(cvc.value),
      ...(hidePostal ? {} : { 'payment_method_data[billing_details][address][postal_code]': postal.value.trim() }),
      ...(typeof billing.name === 'string' ? { 'payment_method_data[billing_details][name]': billing.name } : {}),
      ...(typeof billing.email === 'string' ? { 'payment_method_data[billing_details][email]': billing.email } : {}),
    };
    try {
      const res = await fetch(`/v1/payment_intents/${encodeURIComponent(String(msg.intent))}/confirm`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
      return await res.json();
    } catch {
      return { error: { type: 'api_connection_error', message: 'We could not reach the payment service. Check your connection.' } };
    }
  }

  window.addEventListener('message', async (e) => {
    if (e.source !== window.parent || e.origin !== parentOrigin || !e.data || e.data.mark !== MARK) return;
    const d = e.data;
    if (d.type === 'focus') number.focus();
    else if (d.type === 'blur') /** @type {HTMLElement | null} */ (document.activeElement)?.blur();
    else if (d.type === 'clear') {
      for (const f of [number, expiry, cvc, postal]) f.value = '';
      changed(null);
    } else if (d.type === 'update') for (const f of [number, expiry, cvc, postal]) f.disabled = !!d.disabled;
    else if (d.type === 'confirm' && typeof d.id === 'string') post({ type: 'reply', id: d.id, body: await confirm(d) });
    else if (d.type === 'createPaymentMethod' && typeof d.id === 'string') post({ type: 'reply', id: d.id, body: await createPaymentMethod() });
  });
  // Not before the frame has a width: laid out at width 0 it is taller than it will be.
  new ResizeObserver(() => {
    if (window.innerWidth > 0) post({ type: 'height', height: document.documentElement.scrollHeight });
  }).observe(document.body);
  post({ type: 'ready' });
})();
