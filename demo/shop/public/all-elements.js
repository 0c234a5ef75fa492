// The demo shop's "every element" page: each svcpay element mounted as a merchant would, in the
// theme and language of the page's query. Plain browser JavaScript, no build step. Events are
// listed on the page (never values of the card: svcpay's card events carry none; an address is
// not card data and reaches the page in `change`).
(function () {
  'use strict';

  var root = document.getElementById('all-elements');
  var events = document.getElementById('events');
  var walletState = document.getElementById('wallet-state');
  if (!root || !events || !walletState || typeof window.SvcPay !== 'function') return;

  var sessionId = root.getAttribute('data-session-id');
  var theme = root.getAttribute('data-theme');
  var locale = root.getAttribute('data-locale');
  var svcpay = window.SvcPay(root.getAttribute('data-publishable-key'), { locale: locale });

  function note(text) {
    var li = document.createElement('li');
    li.textContent = text;
    events.appendChild(li);
  }

  function mount(elements, type, options, slot) {
    var element = elements.create(type, options);
    element.on('ready', function () {
      note(type + ' ready');
      document.getElementById(slot).setAttribute('data-ready', '');
    });
    element.on('change', function (e) {
      note(type + ' change: ' + (e.complete ? 'complete' : e.empty ? 'empty' : 'incomplete') + (e.error ? ' (' + e.error.message + ')' : ''));
    });
    element.mount('#' + slot);
    return element;
  }

  var appearance = { theme: theme };
  var first = svcpay.elements({ sessionId: sessionId, appearance: appearance, locale: locale });
  // An element with nothing to show (no wallet in this browser, a session that asks for no such
  // address) gives up its slot: no empty box, no room kept above the note (issue 36).
  function collapse(slot) {
    var box = document.getElementById(slot);
    box.setAttribute('data-ready', '');
    box.setAttribute('data-unavailable', '');
  }
  var wallet = mount(first, 'wallet', undefined, 'wallet');
  wallet.on('unavailable', function () {
    walletState.textContent = root.getAttribute('data-no-wallet');
    collapse('wallet');
  });
  mount(first, 'card', undefined, 'card');
  mount(first, 'address', { mode: 'billing' }, 'billing');

  var second = svcpay.elements({ sessionId: sessionId, appearance: appearance, locale: locale });
  mount(second, 'cardNumber', undefined, 'card-number');
  mount(second, 'cardExpiry', undefined, 'card-expiry');
  mount(second, 'cardCvc', undefined, 'card-cvc');
  mount(second, 'address', { mode: 'shipping' }, 'shipping').on('unavailable', function () {
    collapse('shipping');
  });
})();
