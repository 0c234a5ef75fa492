// @ts-check
/**
 * One field of the Braintree stand-in's Hosted Fields (braintree.js), a frame of the stand-in's
 * origin. It answers only the page that made it (its window, at the origin in the hash). The number
 * field tokenizes: it reads its sibling fields (frames of this same origin, found by name through the
 * page's frames), sends the card to the client API with the client token's fingerprint, and gives
 * the page the nonce and what Braintree shows of the card, never the card.
 */
(function () {
  'use strict';
  const MARK = 'svcpay-braintree-stand-in';
  const p = new URLSearchParams(location.hash.slice(1));
  const field = p.get('field') || '';
  const instance = p.get('instance') || '';
  const parentOrigin = p.get('parentOrigin') || '';
  const siblings = (p.get('siblings') || '').split(',').filter(Boolean);
  const input = /** @type {HTMLInputElement} */ (document.getElementById('field'));
  const errorLine = /** @type {HTMLElement} */ (document.getElementById('error'));
  const LABELS = { number: ['Card number', 'credit-card-number', 'cc-number', 'numeric', 23], expirationDate: ['Expiration date', 'expiration', 'cc-exp', 'numeric', 7], cvv: ['Security code', 'cvv', 'cc-csc', 'numeric', 4], postalCode: ['Postal code', 'postal-code', 'postal-code', 'text', 10] };
  const [label, name, autocomplete, mode, max] = /** @type {any} */ (LABELS)[field] || ['Card field', 'field', 'off', 'text', 20];
  input.setAttribute('aria-label', label);
  input.name = name;
  input.autocomplete = autocomplete;
  input.inputMode = mode;
  input.maxLength = max;
  input.placeholder = p.get('placeholder') || '';

  const post = (/** @type {Record<string, unknown>} */ msg) => {
    if (window.parent !== window && /^https?:\/\/[^/]+$/.test(parentOrigin)) window.parent.postMessage({ mark: MARK, instance, field, ...msg }, parentOrigin);
  };
  const digits = (/** @type {string} */ s) => s.replace(/\D/g, '');
  const brandOf = (/** @type {string} */ n) =>
    /^4/.test(n) ? 'visa' : /^(5[1-5]|2[2-7])/.test(n) ? 'master-card' : /^3[47]/.test(n) ? 'american-express' : /^(6011|65|64[4-9])/.test(n) ? 'discover' : /^3(0[0-5]|[689])/.test(n) ? 'diners-club' : /^35/.test(n) ? 'jcb' : /^62/.test(n) ? 'unionpay' : null;
  const luhn = (/** @type {string} */ n) => {
    let sum = 0;
    for (let i = 0; i < n.length; i++) {
      let d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return n.length >= 12 && sum % 10 === 0;
  };
  /** A sibling field's input, read directly: the fields are frames of one origin. */
  const sibling = (/** @type {string} */ f) => {
    if (f === field) return input;
    try {
      const w = /** @type {any} */ (window.parent.frames)[`braintree-hosted-field-${f}-${instance}`];
      return /** @type {HTMLInputElement | null} */ (w && w.document.getElementById('field'));
    } catch {
      return null;
    }
  };
  const numberDigits = () => digits((sibling('number') || { value: '' }).value);

  /** Whether a value of `f` is complete and valid. */
  function valid(/** @type {string} */ f, /** @type {string} */ v) {
    if (f === 'number') {
      const n = digits(v);
      const brand = brandOf(n);
      return luhn(n) && n.length === (brand === 'american-express' ? 15 : brand === 'diners-club' ? 14 : 16);
    }
    if (f === 'expirationDate') {
      const d = digits(v);
      if (d.length !== 4) return false;
      const month = Number(d.slice(0, 2)), year = 2000 + Number(d.slice(2)), now = new Date();
      return month >= 1 && month <= 12 && (year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1));
    }
    if (f === 'cvv') return digits(v).length === (brandOf(numberDigits()) === 'american-express' ? 4 : 3);
    return v.trim().length > 0;
  }
  const MESSAGES = { number: 'Your card number is invalid.', expirationDate: 'Your expiration date is invalid.', cvv: 'Your security code is invalid.', postalCode: 'Enter your postal code.' };

  let wasValid = false;
  function report(/** @type {string} */ event) {
    const isValid = valid(field, input.value);
    const brand = field === 'number' ? brandOf(digits(input.value)) : null;
    post({ type: 'state', event, validityChanged: isValid !== wasValid, state: { isEmpty: input.value === '', isValid, isPotentiallyValid: true, isFocused: document.activeElement === input }, ...(field === 'number' ? { cards: brand ? [{ type: brand, niceType: brand }] : [] } : {}) });
    wasValid = isValid;
  }
  function showError(/** @type {HTMLInputElement} */ el, /** @type {string} */ message) {
    el.setAttribute('aria-invalid', 'true');
    const line = el.ownerDocument.getElementById('error');
    if (line) line.textContent = message;
  }
  function hideError() {
    input.removeAttribute('aria-invalid');
    errorLine.textContent = '';
  }

  input.addEventListener('input', () => {
    if (field === 'number') {
      const n = digits(input.value).slice(0, 19);
      input.value = (brandOf(n) === 'american-express' ? n.replace(/^(\d{4})(\d{0,6})(\d{0,5}).*/, '$1 $2 $3') : n.replace(/(\d{4})(?=\d)/g, '$1 ')).trim();
    } else if (field === 'expirationDate') {
      const d = digits(input.value).slice(0, 4);
      input.value = d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
    } else if (field === 'cvv') input.value = digits(input.value).slice(0, 4);
    hideError();
    report(input.value === '' ? 'empty' : 'notEmpty');
  });
  input.addEventListener('focus', () => report('focus'));
  input.addEventListener('blur', () => {
    if (input.value !== '' && !valid(field, input.value)) showError(input, /** @type {any} */ (MESSAGES)[field]);
    report('blur');
  });

  /** Reads every field, refuses an invalid card, or tokenizes it. */
  async function tokenize(/** @type {Record<string, any>} */ msg) {
    const values = Object.fromEntries(siblings.map((f) => [f, (sibling(f) || { value: '' }).value]));
    const invalid = siblings.filter((f) => !valid(f, values[f] || ''));
    if (invalid.length) {
      for (const f of invalid) {
        const el = sibling(f);
        if (el) showError(el, /** @type {any} */ (MESSAGES)[f]);
      }
      sibling(invalid[0])?.focus();
      const empty = invalid.every((f) => (values[f] || '') === '');
      return { code: empty ? 'HOSTED_FIELDS_FIELDS_EMPTY' : 'HOSTED_FIELDS_FIELDS_INVALID', type: 'CUSTOMER', message: empty ? 'All fields are empty. Cannot tokenize empty card fields.' : 'Some payment input fields are invalid. Cannot tokenize invalid card fields.', details: { invalidFieldKeys: invalid } };
    }
    const exp = digits(values.expirationDate || '');
    const postal = values.postalCode || (msg.billingAddress && msg.billingAddress.postalCode) || '';
    try {
      const res = await fetch(`${p.get('clientApiUrl')}/v1/payment_methods/credit_cards`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ authorizationFingerprint: p.get('fingerprint'), creditCard: { number: digits(values.number || ''), expirationDate: `${exp.slice(0, 2)}/${exp.slice(2)}`, cvv: digits(values.cvv || ''), ...(postal ? { billingAddress: { postalCode: postal } } : {}), options: { validate: msg.vault === true } } }),
      });
      const body = await res.json();
      const card = body && body.creditCards && body.creditCards[0];
      if (!card) return { code: 'HOSTED_FIELDS_FAILED_TOKENIZATION', type: 'CUSTOMER', message: (body && body.error && body.error.message) || 'The supplied card data failed tokenization.' };
      return { nonce: card.nonce, details: card.details, description: card.description, type: card.type, binData: {} };
    } catch {
      return { code: 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR', type: 'NETWORK', message: 'A tokenization network error occurred.' };
    }
  }

  window.addEventListener('message', async (e) => {
    const d = e.data;
    if (e.source !== window.parent || e.origin !== parentOrigin || !d || d.mark !== MARK || d.instance !== instance) return;
    if (d.type === 'focus') input.focus();
    else if (d.type === 'clear') {
      input.value = '';
      hideError();
      report('empty');
    } else if (d.type === 'tokenize' && field === 'number' && typeof d.requestId === 'string') post({ type: 'reply', requestId: d.requestId, body: await tokenize(d) });
  });
  post({ type: 'ready' });
})();
