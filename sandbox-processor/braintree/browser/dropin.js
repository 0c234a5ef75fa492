// @ts-check
/**
 * The sandbox's stand-in for braintree-web-drop-in (issue 19; Doc 3 "Provider adapters"), loaded
 * in place of Braintree's `dropin.min.js` when `init` says `environment: sandbox`. The part of its
 * public API svcpay uses, with its names and shapes: `braintree.dropin.create({ authorization,
 * container, card, threeDSecure, vaultManager, locale })` giving `requestPaymentMethod`,
 * `isPaymentMethodRequestable`, `on`/`off`, `clearSelectedPaymentMethod` and `teardown`.
 *
 * Built as Drop-in is, on braintree-web (here the stand-in's braintree.js, loaded from the same
 * origin): its client lists the saved cards of the client token's customer, its Hosted Fields are
 * the card form (the card never reaches the page), and its 3-D Secure runs the bank's check. In the
 * container: the saved cards as radio buttons ("Visa ending in 4242"), the default chosen, and
 * "Choose another way to pay" for the card form with "Save card for next time" (shown for a
 * customer's token with `card.vault.allowVaultCardOverride`; `card.vault.vaultCard` is its
 * default). English only; `vaultManager` (deleting saved cards) is not offered. A plain script.
 */
(function () {
  'use strict';
  const root = /** @type {any} */ (window);
  if (root.braintree && root.braintree.dropin) return;
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  const ORIGIN = script ? new URL(script.src).origin : location.origin;
  const VERSION = '1.48.0-svcpay-sandbox';
  let instances = 0;

  /** Drop-in's errors: `{ name: 'DropinError', message, _braintreeWebError }`. */
  class DropinError extends Error {
    /** @param {string} message @param {unknown} [cause] */
    constructor(message, cause) {
      super(message);
      this.name = 'DropinError';
      this._braintreeWebError = cause;
    }
  }

  /** @type {Promise<any> | null} */
  let web = null;
  /** braintree-web (the stand-in's), put on the page once. */
  function braintreeWeb() {
    if (root.braintree && root.braintree.client) return Promise.resolve(root.braintree);
    return (web = web || new Promise((resolve, reject) => {
      const tag = document.createElement('script');
      tag.src = `${ORIGIN}/web/braintree.js`;
      tag.onload = () => resolve(root.braintree);
      tag.onerror = () => {
        web = null;
        tag.remove();
        reject(new DropinError('braintree-web could not be loaded.'));
      };
      document.head.appendChild(tag);
    }));
  }

  const STYLE = `.bt-dropin{display:grid;gap:10px;font:inherit;color:inherit}
.bt-dropin fieldset{border:0;margin:0;padding:0;display:grid;gap:6px}
.bt-dropin legend{font-weight:600;margin-bottom:4px;padding:0}
.bt-dropin-option{display:flex;align-items:center;gap:10px;border:1px solid #c9ccd3;border-radius:6px;padding:10px 12px;cursor:pointer;background:#fff}
.bt-dropin-option:has(input:checked){border-color:#2563eb;box-shadow:0 0 0 1px #2563eb}
.bt-dropin-option:focus-within{outline:3px solid #2563eb;outline-offset:2px}
.bt-dropin-option input{margin:0;width:18px;height:18px;accent-color:#2563eb}
.bt-dropin-exp{margin-left:auto;color:#5b5f6b;font-size:.9em}
.bt-dropin button{font:inherit;background:none;border:0;padding:4px 0;color:#1d4ed8;text-decoration:underline;cursor:pointer;justify-self:start}
.bt-dropin button:focus-visible,.bt-dropin input[type=checkbox]:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.bt-dropin-label{font-size:.9em;margin-bottom:2px}
.bt-dropin-field{height:62px}
.bt-dropin-row{display:grid;grid-template-columns:repeat(3,1fr);gap:8px}
.bt-dropin-save{display:flex;align-items:center;gap:8px}
.bt-dropin-error{margin:0;color:#b42318}
.bt-dropin-error:empty,.bt-dropin [hidden]{display:none}`;

  /**
   * @param {string} tag @param {Record<string, string>} [attrs] @param {(Node | string)[]} children
   * @returns {HTMLElement}
   */
  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    node.append(...children);
    return node;
  }

  /** "Visa ending in 4242", as Drop-in names a saved card. */
  const cardName = (/** @type {any} */ m) => `${(m.details && m.details.cardType) || 'Card'} ending in ${(m.details && m.details.lastFour) || (m.details && m.details.lastTwo) || ''}`;

  /** @param {{ authorization?: string, container?: string | HTMLElement, selector?: string | HTMLElement, card?: any, threeDSecure?: boolean | object, vaultManager?: boolean, locale?: string }} options */
  async function create(options) {
    if (!options || !options.authorization) throw new DropinError('options.authorization is required.');
    const target = options.container || options.selector;
    const container = typeof target === 'string' ? document.querySelector(target) : target;
    if (!container) throw new DropinError('options.selector or options.container is required.');
    if (container.childNodes.length > 0) throw new DropinError('options.selector or options.container must reference an empty DOM node.');
    const bt = await braintreeWeb();
    const client = await bt.client.create({ authorization: options.authorization }).catch((/** @type {unknown} */ e) => Promise.reject(new DropinError('There was an error creating Drop-in.', e)));
    // A client token made for a customer vouches for it in its fingerprint, as Braintree's do.
    const fingerprint = String(JSON.parse(atob(client.getConfiguration().authorization)).authorizationFingerprint || '');
    const customer = /(^|[|&])customer_id=/.test(fingerprint);
    const listed = customer ? await client.request({ method: 'get', endpoint: 'payment_methods', data: { defaultFirst: 1 } }) : { paymentMethods: [] };
    /** @type {any[]} */
    const saved = (listed.paymentMethods || []).filter((/** @type {any} */ m) => m.type === 'CreditCard');
    const vaultOptions = (options.card && options.card.vault) || {};
    const threeDS = options.threeDSecure ? await bt.threeDSecure.create({ client, version: 2 }) : null;
    const id = ++instances;

    if (!document.getElementById('bt-dropin-style')) document.head.appendChild(el('style', { id: 'bt-dropin-style' }, STYLE));
    const alert = el('p', { class: 'bt-dropin-error', role: 'alert' });
    const savedList = el('fieldset', {}, el('legend', {}, 'Saved cards'));
    /** @type {HTMLInputElement[]} */
    const radios = saved.map((m, i) => {
      // Named "Visa ending in 4242"; the expiry is its description.
      const radio = /** @type {HTMLInputElement} */ (el('input', { type: 'radio', name: `bt-dropin-saved-${id}`, value: String(i), 'aria-describedby': `bt-dropin-exp-${id}-${i}` }));
      const exp = m.details && m.details.expirationMonth ? `Expires ${m.details.expirationMonth}/${String(m.details.expirationYear).slice(-2)}` : '';
      savedList.append(el('label', { class: 'bt-dropin-option' }, radio, el('span', {}, cardName(m)), el('span', { class: 'bt-dropin-exp', id: `bt-dropin-exp-${id}-${i}`, 'aria-hidden': 'true' }, exp)));
      return radio;
    });
    const another = el('button', { type: 'button' }, 'Choose another way to pay');
    const methods = el('div', { class: 'bt-dropin-methods' }, savedList, another);
    const slot = (/** @type {string} */ label) => el('div', {}, el('div', { class: 'bt-dropin-label', 'aria-hidden': 'true' }, label), el('div', { class: 'bt-dropin-field' }));
    const [number, expiry, cvv, postal] = ['Card number', 'Expiration date', 'Security code', 'Postal code'].map(slot);
    const save = /** @type {HTMLInputElement} */ (el('input', { type: 'checkbox' }));
    save.checked = vaultOptions.vaultCard !== false;
    const showSave = customer && vaultOptions.allowVaultCardOverride === true;
    const back = el('button', { type: 'button' }, 'Use a saved card');
    const card = el('div', { class: 'bt-dropin-card', role: 'group', 'aria-label': 'Pay with card' }, number, el('div', { class: 'bt-dropin-row' }, expiry, cvv, postal));
    if (showSave) card.append(el('label', { class: 'bt-dropin-save' }, save, 'Save card for next time'));
    if (saved.length) card.append(back);
    const wrapper = el('div', { class: 'bt-dropin', 'data-braintree-id': 'wrapper' }, methods, card, alert);
    container.appendChild(wrapper);

    /** @type {Record<string, Function[]>} */
    const handlers = {};
    const emit = (/** @type {string} */ type, /** @type {any} */ ev) => (handlers[type] || []).slice().forEach((fn) => fn(ev));
    let view = saved.length ? 'methods' : 'card';
    let selected = saved.length ? 0 : -1;
    let cardValid = false;
    let requestable = false;
    const update = () => {
      const now = view === 'methods' ? selected >= 0 : cardValid;
      if (now !== requestable) emit(now ? 'paymentMethodRequestable' : 'noPaymentMethodRequestable', now ? { type: 'CreditCard', paymentMethodIsSelected: view === 'methods' } : undefined);
      requestable = now;
    };
    /** @type {Promise<any> | null} */
    let fields = null;
    const cardFields = () =>
      (fields = fields || bt.hostedFields.create({ client, fields: { number: { container: number.lastChild, placeholder: '1234 1234 1234 1234' }, expirationDate: { container: expiry.lastChild, placeholder: 'MM / YY' }, cvv: { container: cvv.lastChild, placeholder: 'CVC' }, postalCode: { container: postal.lastChild, placeholder: 'ZIP' } } }).then((/** @type {any} */ hf) => {
        hf.on('validityChange', (/** @type {any} */ ev) => {
          cardValid = Object.values(ev.fields).every((/** @type {any} */ f) => f.isValid);
          update();
        });
        return hf;
      }));
    const show = (/** @type {'methods' | 'card'} */ next) => {
      view = next;
      alert.textContent = '';
      methods.hidden = next !== 'methods';
      card.hidden = next !== 'card';
      if (next === 'card') emit('paymentOptionSelected', { paymentOption: 'card' });
      update();
    };
    radios.forEach((radio, i) => radio.addEventListener('change', () => {
      selected = i;
      update();
    }));
    if (radios[0]) radios[0].checked = true;
    another.addEventListener('click', () => {
      show('card');
      void cardFields().then((/** @type {any} */ hf) => hf.focus('number'));
    });
    back.addEventListener('click', () => {
      show('methods');
      (radios[Math.max(selected, 0)] || radios[0])?.focus();
    });
    show(view === 'methods' ? 'methods' : 'card');
    if (view === 'card') await cardFields();

    /** @param {{ threeDSecure?: { amount: string | number } }} [opts] */
    async function requestPaymentMethod(opts = {}) {
      alert.textContent = '';
      let payload;
      if (view === 'methods') {
        const m = saved[selected];
        if (!m) throw new DropinError('No payment method is available.');
        payload = { nonce: m.nonce, type: m.type, details: m.details, description: m.description, binData: m.binData, vaulted: true };
      } else {
        const hf = await cardFields();
        try {
          // Vaulted for the token's customer when the buyer keeps "Save card" (Braintree: `validate`).
          const t = await hf.tokenize({ vault: customer && (showSave ? save.checked : vaultOptions.vaultCard !== false) });
          payload = { nonce: t.nonce, type: t.type, details: t.details, description: t.description, binData: t.binData, vaulted: false };
        } catch (e) {
          alert.textContent = 'Please check your information and try again.';
          throw new DropinError('No payment method is available.', e);
        }
      }
      if (!threeDS || !opts.threeDSecure) return payload;
      try {
        const v = await threeDS.verifyCard({ nonce: payload.nonce, amount: opts.threeDSecure.amount, bin: payload.details && payload.details.bin, onLookupComplete: (/** @type {unknown} */ _d, /** @type {() => void} */ next) => next() });
        return { ...payload, nonce: v.nonce, liabilityShifted: v.liabilityShifted, liabilityShiftPossible: v.liabilityShiftPossible, threeDSecureInfo: v.threeDSecureInfo };
      } catch (e) {
        alert.textContent = 'Something went wrong during 3D Secure authentication. Please try again.';
        throw new DropinError('Something went wrong during 3D Secure authentication. Please try again.', e);
      }
    }

    return {
      requestPaymentMethod,
      isPaymentMethodRequestable: () => requestable,
      /** @param {string} type @param {Function} fn */
      on(type, fn) {
        (handlers[type] = handlers[type] || []).push(fn);
      },
      /** @param {string} type @param {Function} fn */
      off(type, fn) {
        handlers[type] = (handlers[type] || []).filter((h) => h !== fn);
      },
      clearSelectedPaymentMethod() {
        selected = -1;
        for (const r of radios) r.checked = false;
        if (fields) void fields.then((hf) => ['number', 'expirationDate', 'cvv', 'postalCode'].forEach((f) => hf.clear(f)));
        cardValid = false;
        update();
      },
      async teardown() {
        if (fields) await (await fields).teardown();
        wrapper.remove();
        for (const k of Object.keys(handlers)) delete handlers[k];
      },
    };
  }

  root.braintree = root.braintree || {};
  root.braintree.dropin = { create, VERSION };
})();
