// @ts-check
/**
 * The sandbox's stand-in for stripe.js (issue 19; Doc 3 "Provider adapters"), loaded in place of
 * Stripe's own script when `init` says `environment: sandbox`. It offers the part of Stripe's public
 * API svcpay uses, with Stripe's names and shapes: `Stripe(publishableKey, { stripeAccount })`,
 * `elements().create('card')` with `mount`, `on`, `focus`, `clear`, `destroy`, and
 * `confirmCardPayment` / `retrievePaymentIntent` / `createPaymentMethod`.
 *
 * The card fields live in a frame of the stand-in's origin (elements/card.html): the card number and
 * security code never reach the page that runs this script. A confirmation is sent by that frame;
 * a bank check (3-D Secure) shows in a dialog over the page, as Stripe's does, and closing it ends
 * the check as failed. A plain script with no build, like the provider's own.
 */
(function () {
  'use strict';
  if (/** @type {any} */ (window).Stripe) return;
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  const ORIGIN = script ? new URL(script.src).origin : location.origin;
  const MARK = 'svcpay-stripe-stand-in';
  let frames = 0;

  /** @param {string} secret */
  const intentOf = (secret) => {
    const m = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9_]+$/.exec(String(secret));
    if (!m) throw new Error('IntegrationError: Invalid value for confirmCardPayment: the client secret should be pi_…_secret_….');
    return m[1];
  };
  /** @param {Record<string, string>} fields */
  const form = (fields) => new URLSearchParams(fields).toString();
  /** A message of ours from `source` at the stand-in's origin. @param {MessageEvent} e @param {Window | null | undefined} source */
  const ours = (e, source) => e.origin === ORIGIN && source != null && e.source === source && e.data && e.data.mark === MARK;

  /**
   * The card element: one frame with number, expiry, security code and postal code.
   * @param {{ key: string, account: string }} stripe
   * @param {Record<string, any>} options
   */
  function cardElement(stripe, options) {
    /** @type {Record<string, Function[]>} */
    const handlers = {};
    /** @type {HTMLIFrameElement | null} */
    let frame = null;
    /** @type {Map<string, (v: any) => void>} */
    const waiting = new Map();
    let ready = false;
    const emit = (/** @type {string} */ type, /** @type {any} */ ev) => (handlers[type] || []).slice().forEach((fn) => fn(ev));
    const post = (/** @type {Record<string, unknown>} */ msg) => frame && frame.contentWindow && frame.contentWindow.postMessage({ mark: MARK, ...msg }, ORIGIN);
    const onMessage = (/** @type {MessageEvent} */ e) => {
      if (!frame || !ours(e, frame.contentWindow)) return;
      const d = e.data;
      if (d.type === 'ready') {
        ready = true;
        emit('ready', { elementType: 'card' });
      } else if (d.type === 'height' && typeof d.height === 'number') frame.style.height = `${Math.ceil(d.height)}px`;
      else if (d.type === 'change' || d.type === 'focus' || d.type === 'blur') emit(d.type, { elementType: 'card', ...(d.event || {}) });
      else if (d.type === 'reply' && waiting.has(d.id)) {
        waiting.get(d.id)?.(d.body);
        waiting.delete(d.id);
      }
    };
    const element = {
      /** @param {string | HTMLElement} target */
      mount(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw new Error('IntegrationError: The selector you specified (' + String(target) + ') applies to no DOM elements.');
        if (frame) throw new Error('IntegrationError: This Element is already mounted.');
        const hash = new URLSearchParams({ key: stripe.key, account: stripe.account, parentOrigin: location.origin, hidePostalCode: String(!!options.hidePostalCode), style: JSON.stringify(options.style || {}) });
        frame = document.createElement('iframe');
        frame.name = `__privateStripeFrame${++frames}`;
        frame.title = 'Secure card payment input frame';
        frame.src = `${ORIGIN}/v3/elements/card.html#${hash}`;
        frame.setAttribute('frameborder', '0');
        frame.setAttribute('scrolling', 'no');
        frame.setAttribute('allowtransparency', 'true');
        frame.style.cssText = 'border:none;margin:0;padding:0;width:1px;min-width:100%;overflow:hidden;display:block;height:44px';
        window.addEventListener('message', onMessage);
        host.appendChild(frame);
      },
      unmount() {
        window.removeEventListener('message', onMessage);
        frame?.remove();
        frame = null;
        ready = false;
      },
      destroy() {
        element.unmount();
        for (const k of Object.keys(handlers)) delete handlers[k];
      },
      /** @param {string} type @param {Function} fn */
      on(type, fn) {
        (handlers[type] = handlers[type] || []).push(fn);
        return element;
      },
      /** @param {string} type @param {Function} fn */
      off(type, fn) {
        handlers[type] = (handlers[type] || []).filter((h) => h !== fn);
        return element;
      },
      /** @param {string} type @param {Function} fn */
      once(type, fn) {
        const wrapped = (/** @type {any} */ ev) => {
          element.off(type, wrapped);
          fn(ev);
        };
        return element.on(type, wrapped);
      },
      focus: () => post({ type: 'focus' }),
      blur: () => post({ type: 'blur' }),
      clear: () => post({ type: 'clear' }),
      /** @param {Record<string, any>} next */
      update: (next) => post({ type: 'update', disabled: !!next.disabled }),
      /** What the frame answers to `msg` (private to this script). @param {Record<string, unknown>} msg */
      _ask(msg) {
        if (!frame || !ready) return Promise.resolve({ error: { type: 'validation_error', code: 'element_not_ready', message: 'The card element is not mounted or not ready yet.' } });
        const id = Math.random().toString(36).slice(2);
        return new Promise((resolve) => {
          waiting.set(id, resolve);
          post({ ...msg, id });
        });
      },
    };
    return element;
  }

  /**
   * The bank's check in a dialog over the page; resolves once the bank sent the buyer back, or
   * `false` when the buyer closed it.
   * @param {string} url
   */
  function bankCheck(url) {
    const previous = /** @type {HTMLElement | null} */ (document.activeElement);
    const overlay = document.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', '3D Secure authentication');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);display:flex;flex-direction:column;align-items:center;justify-content:center;gap:8px';
    const frame = document.createElement('iframe');
    frame.title = '3D Secure authentication';
    frame.src = url;
    frame.style.cssText = 'border:none;background:#fff;border-radius:8px;width:min(500px,94vw);height:min(600px,80vh)';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Cancel authentication';
    close.style.cssText = 'font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #fff;background:#fff;color:#111;cursor:pointer';
    overlay.append(frame, close);
    document.body.appendChild(overlay);
    frame.focus();
    return new Promise((resolve) => {
      const done = (/** @type {boolean} */ answered) => {
        window.removeEventListener('message', onMessage);
        document.removeEventListener('keydown', onKey, true);
        overlay.remove();
        previous?.focus?.();
        resolve(answered);
      };
      const onMessage = (/** @type {MessageEvent} */ e) => {
        if (ours(e, frame.contentWindow) && e.data.type === '3ds-complete') done(true);
      };
      const onKey = (/** @type {KeyboardEvent} */ e) => {
        if (e.key === 'Escape') done(false);
      };
      window.addEventListener('message', onMessage);
      document.addEventListener('keydown', onKey, true);
      close.addEventListener('click', () => done(false));
    });
  }

  /**
   * @param {string} key
   * @param {{ stripeAccount?: string, locale?: string }} [options]
   */
  function Stripe(key, options) {
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key)) throw new Error('IntegrationError: Invalid API Key provided: ' + String(key));
    const account = (options && options.stripeAccount) || '';
    const me = { key, account };
    const call = async (/** @type {string} */ method, /** @type {string} */ path, /** @type {Record<string, string>} */ fields) => {
      const params = form({ key, _stripe_account: account, ...fields });
      const res = await fetch(method === 'GET' ? `${ORIGIN}${path}?${params}` : `${ORIGIN}${path}`, method === 'GET' ? {} : { method, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: params });
      return res.json();
    };
    /** @param {string} clientSecret */
    const retrievePaymentIntent = async (clientSecret) => {
      const body = await call('GET', `/v1/payment_intents/${intentOf(clientSecret)}`, { client_secret: clientSecret });
      return body.error ? { error: body.error } : { paymentIntent: body };
    };
    return {
      elements(/** @type {Record<string, any>} */ _opts) {
        /** @type {Record<string, any>} */
        const made = {};
        return {
          /** @param {string} type @param {Record<string, any>} [opts] */
          create(type, opts) {
            if (type !== 'card') throw new Error(`IntegrationError: The sandbox's stripe.js stand-in offers the 'card' element only, not '${type}'.`);
            if (made[type]) throw new Error(`IntegrationError: Can only create one Element of type ${type}.`);
            return (made[type] = cardElement(me, opts || {}));
          },
          /** @param {string} type */
          getElement: (type) => made[type] || null,
        };
      },
      retrievePaymentIntent,
      /**
       * The card in the element as a PaymentMethod, for a server to confirm a PaymentIntent with.
       * @param {{ type?: string, card?: any, billing_details?: Record<string, any> }} data
       */
      async createPaymentMethod(data) {
        const card = data && data.card;
        if (!data || data.type !== 'card' || !card || typeof card._ask !== 'function') throw new Error("IntegrationError: createPaymentMethod needs { type: 'card', card: <a mounted card Element> }.");
        const body = await card._ask({ type: 'createPaymentMethod' });
        return body.error ? { error: body.error } : { paymentMethod: body };
      },
      /**
       * @param {string} clientSecret
       * @param {{ payment_method?: { card?: any, billing_details?: Record<string, any> }, return_url?: string }} [data]
       * @param {{ handleActions?: boolean }} [options]
       */
      async confirmCardPayment(clientSecret, data, options) {
        const id = intentOf(clientSecret);
        const card = data && data.payment_method && data.payment_method.card;
        if (!card || typeof card._ask !== 'function') throw new Error('IntegrationError: confirmCardPayment needs payment_method: { card: <a mounted card Element> }.');
        const returnUrl = (data && data.return_url) || `${ORIGIN}/v3/3ds-return.html?origin=${encodeURIComponent(location.origin)}`;
        const body = await card._ask({ type: 'confirm', intent: id, clientSecret, returnUrl, billingDetails: (data && data.payment_method && data.payment_method.billing_details) || {} });
        if (body.error) return { error: body.error };
        if (body.status !== 'requires_action' || (options && options.handleActions === false)) return { paymentIntent: body };
        const next = body.next_action && body.next_action.redirect_to_url;
        const answered = next ? await bankCheck(next.url) : false;
        if (!answered) await call('POST', `/v1/payment_intents/${id}/source_cancel`, { client_secret: clientSecret });
        const after = await retrievePaymentIntent(clientSecret);
        if (after.error) return after;
        const pi = after.paymentIntent;
        if (pi.status === 'requires_payment_method' && pi.last_payment_error) {
          // Closed by the buyer: Stripe's authentication failure; answered: the bank's own answer.
          if (answered) return { error: { ...pi.last_payment_error, payment_intent: pi } };
          return { error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.', payment_intent: pi } };
        }
        return { paymentIntent: pi };
      },
      /** @param {{ name: string, version?: string }} _wrapper */
      _registerWrapper(_wrapper) {},
    };
  }
  /** @type {any} */ (window).Stripe = Stripe;
  /** @type {any} */ (window).Stripe.version = 3;
})();
