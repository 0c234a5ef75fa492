// @ts-check
/**
 * The sandbox's stand-in for braintree-web (issue 19; Doc 3 "Provider adapters"), loaded in place
 * of Braintree's own script when `init` says `environment: sandbox`. It offers the part of
 * braintree-web's public API svcpay uses, with its names and shapes: `braintree.client.create({
 * authorization })` with `request`, `braintree.hostedFields.create({ client, fields })` with
 * `tokenize` (`vault` too), `on`, `getState`, `focus`, `clear` and `teardown`, and
 * `braintree.threeDSecure.create` with `verifyCard`. Drop-in's stand-in (dropin.js) is built on it.
 *
 * Each field is a frame of the stand-in's origin in the container the page names, as Hosted Fields
 * are; the number frame gathers the card from its sibling frames (same origin), tokenizes it with
 * the client token's fingerprint, and hands the page the nonce and what Braintree shows of the card.
 * The card number and security code never reach the page. A plain script with no build.
 */
(function () {
  'use strict';
  // Drop-in's stand-in (dropin.js) may have made `window.braintree` first: braintree-web joins it.
  if (/** @type {any} */ (window).braintree && /** @type {any} */ (window).braintree.client) return;
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  const ORIGIN = script ? new URL(script.src).origin : location.origin;
  const MARK = 'svcpay-braintree-stand-in';
  const FIELDS = ['number', 'expirationDate', 'cvv', 'postalCode'];
  let instances = 0;

  /** braintree-web's errors: `{ name: 'BraintreeError', code, message, type }`. */
  const error = (/** @type {string} */ code, /** @type {string} */ message, /** @type {string} */ type = 'MERCHANT') => Object.assign(new Error(message), { name: 'BraintreeError', code, type });

  /** @param {{ authorization?: string }} options */
  async function createClient(options) {
    let token;
    try {
      token = JSON.parse(atob(String(options && options.authorization)));
    } catch {
      throw error('CLIENT_INVALID_AUTHORIZATION', 'Authorization is invalid. Make sure your client token or tokenization key is valid.');
    }
    if (!token || typeof token.authorizationFingerprint !== 'string' || typeof token.clientApiUrl !== 'string') {
      throw error('CLIENT_INVALID_AUTHORIZATION', 'Authorization is invalid. Make sure your client token or tokenization key is valid.');
    }
    /**
     * A call of the client API with the client token's fingerprint (braintree-web's `client.request`):
     * `get` sends `data` as the query, `post` as JSON; resolves with the answer's body.
     * @param {{ method: 'get' | 'post', endpoint: string, data?: Record<string, unknown> }} o
     */
    async function request(o) {
      const get = String(o.method).toLowerCase() === 'get';
      const data = { ...(o.data || {}), authorizationFingerprint: token.authorizationFingerprint };
      const query = get ? `?${new URLSearchParams(Object.entries(data).map(([k, v]) => [k, String(v)]))}` : '';
      const res = await fetch(`${token.clientApiUrl}/v1/${o.endpoint}${query}`, get ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(data) });
      const body = await res.json().catch(() => null);
      if (!res.ok) throw Object.assign(error('CLIENT_REQUEST_ERROR', (body && body.error && body.error.message) || 'There was a problem with your request.', 'NETWORK'), { details: { httpStatus: res.status, originalError: body } });
      return body;
    }
    return { request, getConfiguration: () => ({ authorization: options.authorization, gatewayConfiguration: { clientApiUrl: token.clientApiUrl, merchantId: token.merchantId, environment: token.environment }, analyticsMetadata: {} }), _token: token };
  }

  /**
   * @param {{ client: any, fields: Record<string, { container?: string | HTMLElement, selector?: string | HTMLElement, placeholder?: string }>, styles?: any }} options
   */
  async function createHostedFields(options) {
    const client = options && options.client;
    if (!client || !client._token) throw error('INSTANTIATION_OPTION_REQUIRED', 'options.client is required when instantiating Hosted Fields.');
    const fields = options.fields || {};
    if (!fields.number) throw error('HOSTED_FIELDS_FIELD_INVALID', 'A number field is required.');
    const id = `${++instances}`;
    /** @type {Record<string, HTMLIFrameElement>} */
    const frames = {};
    /** @type {Record<string, Function[]>} */
    const handlers = {};
    /** @type {Record<string, { isEmpty: boolean, isValid: boolean, isPotentiallyValid: boolean, isFocused: boolean }>} */
    const state = {};
    let cards = [];
    const waiting = new Map();
    const emit = (/** @type {string} */ type, /** @type {any} */ ev) => (handlers[type] || []).slice().forEach((fn) => fn(ev));
    const view = (/** @type {string} */ emittedBy) => ({ emittedBy, fields: { ...state }, cards });

    let ready = 0;
    const names = FIELDS.filter((f) => fields[f]);
    /** @type {(v?: unknown) => void} */
    let allReady = () => {};
    const whenReady = new Promise((resolve) => (allReady = resolve));
    const onMessage = (/** @type {MessageEvent} */ e) => {
      const d = e.data;
      if (e.origin !== ORIGIN || !d || d.mark !== MARK || d.instance !== id) return;
      const frame = frames[d.field];
      if (!frame || e.source !== frame.contentWindow) return;
      if (d.type === 'ready' && ++ready === names.length) allReady();
      else if (d.type === 'state') {
        state[d.field] = d.state;
        if (d.cards) cards = d.cards;
        emit(d.event, view(d.field));
        if (d.validityChanged) emit('validityChange', view(d.field));
      } else if (d.type === 'reply' && waiting.has(d.requestId)) {
        waiting.get(d.requestId)(d.body);
        waiting.delete(d.requestId);
      }
    };
    window.addEventListener('message', onMessage);

    for (const name of names) {
      const spec = fields[name];
      const target = spec.container || spec.selector;
      const host = typeof target === 'string' ? document.querySelector(target) : target;
      if (!host) throw error('HOSTED_FIELDS_INVALID_FIELD_SELECTOR', `Selector does not reference a valid DOM node for ${name}.`);
      state[name] = { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false };
      const hash = new URLSearchParams({ field: name, instance: id, parentOrigin: location.origin, placeholder: spec.placeholder || '', siblings: names.join(','), fingerprint: client._token.authorizationFingerprint, clientApiUrl: client._token.clientApiUrl });
      const frame = document.createElement('iframe');
      frame.name = `braintree-hosted-field-${name}-${id}`;
      frame.title = `Secure Credit Card Frame - ${name === 'number' ? 'Credit Card Number' : name === 'expirationDate' ? 'Expiration Date' : name === 'cvv' ? 'CVV' : 'Postal Code'}`;
      frame.src = `${ORIGIN}/web/hosted-field.html#${hash}`;
      frame.setAttribute('frameborder', '0');
      frame.setAttribute('allowtransparency', 'true');
      frame.style.cssText = 'border:none;width:100%;height:100%;min-height:38px;display:block';
      host.appendChild(frame);
      frames[name] = frame;
    }
    await whenReady;

    const post = (/** @type {string} */ name, /** @type {Record<string, unknown>} */ msg) => frames[name] && frames[name].contentWindow && frames[name].contentWindow.postMessage({ mark: MARK, instance: id, ...msg }, ORIGIN);
    const instance = {
      /** @param {string} type @param {Function} fn */
      on(type, fn) {
        (handlers[type] = handlers[type] || []).push(fn);
      },
      /** @param {string} type @param {Function} fn */
      off(type, fn) {
        handlers[type] = (handlers[type] || []).filter((h) => h !== fn);
      },
      getState: () => ({ cards, fields: { ...state } }),
      focus: (/** @type {string} */ name) => post(name, { type: 'focus' }),
      clear: (/** @type {string} */ name) => post(name, { type: 'clear' }),
      /** @param {Record<string, any>} [opts] */
      tokenize(opts) {
        const requestId = Math.random().toString(36).slice(2);
        return new Promise((resolve, reject) => {
          waiting.set(requestId, (/** @type {any} */ body) => (body && body.nonce ? resolve(body) : reject(Object.assign(error(body && body.code ? body.code : 'HOSTED_FIELDS_FAILED_TOKENIZATION', (body && body.message) || 'A tokenization network error occurred.', body && body.type ? body.type : 'NETWORK'), { details: body && body.details }))));
          post('number', { type: 'tokenize', requestId, billingAddress: (opts && opts.billingAddress) || {}, vault: !!(opts && opts.vault === true) });
        });
      },
      async teardown() {
        window.removeEventListener('message', onMessage);
        for (const name of Object.keys(frames)) frames[name].remove();
      },
    };
    return instance;
  }

  /**
   * The bank's check in a dialog over the page; resolves `true`/`false` with the buyer's answer, or
   * `null` when the buyer closed it.
   * @param {string} url
   * @returns {Promise<boolean | null>}
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
    frame.style.cssText = 'border:none;background:#fff;border-radius:8px;width:min(500px,94vw);height:min(420px,70vh)';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Cancel authentication';
    close.style.cssText = 'font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #fff;background:#fff;color:#111;cursor:pointer';
    overlay.append(frame, close);
    document.body.appendChild(overlay);
    frame.focus();
    return new Promise((resolve) => {
      const done = (/** @type {boolean | null} */ answer) => {
        window.removeEventListener('message', onMessage);
        document.removeEventListener('keydown', onKey, true);
        overlay.remove();
        previous?.focus?.();
        resolve(answer);
      };
      const onMessage = (/** @type {MessageEvent} */ e) => {
        if (e.origin === ORIGIN && e.source === frame.contentWindow && e.data && e.data.mark === MARK && e.data.type === '3ds-done') done(e.data.approved === true);
      };
      const onKey = (/** @type {KeyboardEvent} */ e) => {
        if (e.key === 'Escape') done(null);
      };
      window.addEventListener('message', onMessage);
      document.addEventListener('keydown', onKey, true);
      close.addEventListener('click', () => done(null));
    });
  }

  /**
   * 3-D Secure: the lookup tells whether the card's bank wants the buyer; if it does, its check
   * shows in a dialog, and the nonce carries the answer to the sale.
   * @param {{ client: any, version?: number | string }} options
   */
  async function createThreeDSecure(options) {
    const client = options && options.client;
    if (!client || !client._token) throw error('INSTANTIATION_OPTION_REQUIRED', 'options.client is required when instantiating 3D Secure.');
    const call = (/** @type {string} */ nonce, /** @type {string} */ step, /** @type {Record<string, unknown>} */ extra) =>
      client.request({ method: 'post', endpoint: `payment_methods/${encodeURIComponent(nonce)}/three_d_secure/${step}`, data: extra }).catch((/** @type {any} */ err) => {
        const body = err && err.details && err.details.originalError;
        throw error('THREEDS_LOOKUP_ERROR', (body && body.error && body.error.message) || 'Something went wrong during the 3D Secure lookup.', 'UNKNOWN');
      });
    return {
      /** @param {{ nonce: string, amount: string | number, bin?: string, onLookupComplete?: (data: any, next: () => void) => void }} o */
      async verifyCard(o) {
        const lookup = await call(o.nonce, 'lookup', { amount: String(o.amount), parentOrigin: location.origin });
        const acsUrl = lookup.lookup && lookup.lookup.acsUrl;
        if (!acsUrl) return { nonce: o.nonce, liabilityShifted: false, liabilityShiftPossible: false, threeDSecureInfo: lookup.threeDSecureInfo };
        await new Promise((next) => (o.onLookupComplete ? o.onLookupComplete(lookup, () => next(undefined)) : next(undefined)));
        const approved = await bankCheck(acsUrl);
        if (approved === null) {
          await call(o.nonce, 'authenticate', { result: 'fail' }).catch(() => undefined);
          throw error('THREEDS_CARDINAL_SDK_CANCELED', 'Customer canceled the 3D Secure challenge.', 'CUSTOMER');
        }
        return { nonce: o.nonce, liabilityShifted: approved, liabilityShiftPossible: true, threeDSecureInfo: { liabilityShifted: approved, liabilityShiftPossible: true, status: approved ? 'authenticate_successful' : 'authenticate_failed' } };
      },
      async teardown() {},
    };
  }

  Object.assign((/** @type {any} */ (window).braintree = /** @type {any} */ (window).braintree || {}), {
    VERSION: '3.144.0-svcpay-sandbox',
    client: { create: createClient, VERSION: '3.144.0-svcpay-sandbox' },
    hostedFields: { create: createHostedFields, VERSION: '3.144.0-svcpay-sandbox' },
    threeDSecure: { create: createThreeDSecure, VERSION: '3.144.0-svcpay-sandbox' },
  });
})();
