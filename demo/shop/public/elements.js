// The demo shop's on-page checkout: the whole merchant-side integration of svcpay elements.
// Plain browser JavaScript, no build step, exactly what a merchant would paste (spec 3, "The
// browser API merchants call"). The card number never passes through this page: the card field
// lives in svcpay's iframe and confirmPayment only answers with the outcome.
(function () {
  'use strict';

  var root = document.getElementById('checkout');
  var button = document.getElementById('pay');
  var result = document.getElementById('result');
  var cardError = document.getElementById('card-error');
  var restart = document.getElementById('restart');
  if (!root || !button || !result || !cardError || !restart) return;

  var sessionId = root.getAttribute('data-session-id');
  var publishableKey = root.getAttribute('data-publishable-key');

  function show(text, state) {
    result.textContent = text;
    result.setAttribute('data-state', state);
  }

  if (typeof window.SvcPay !== 'function') {
    show('The payment form could not load (svcpay.js did not load). Reload the page to try again.', 'error');
    return;
  }

  var svcpay;
  var elements;
  try {
    svcpay = window.SvcPay(publishableKey);
    elements = svcpay.elements({ sessionId: sessionId });
    var card = elements.create('card');
    card.on('ready', function () {
      button.disabled = false;
    });
    card.on('change', function (event) {
      cardError.textContent = event && event.error ? event.error.message : '';
    });
    card.mount('#card');
  } catch (err) {
    show('The payment form could not start: ' + (err && err.message ? err.message : String(err)), 'error');
    return;
  }

  // Disabling the focused button drops focus to <body>; give it back so a keyboard user's next
  // Tab stays on the page.
  function enableButton(hadFocus) {
    button.disabled = false;
    if (hadFocus && document.activeElement === document.body) button.focus();
  }

  button.addEventListener('click', function () {
    var hadFocus = document.activeElement === button;
    button.disabled = true;
    show('Processing your payment…', 'processing');
    svcpay.confirmPayment({ elements: elements }).then(
      function (outcome) {
        if (outcome.status === 'succeeded') {
          show('Payment succeeded. Thank you for your order!', 'succeeded');
          button.hidden = true;
          return;
        }
        if (outcome.status === 'processing') {
          show('Your payment is processing. We will email you when it completes.', 'processing');
          button.hidden = true;
          return;
        }
        var message = outcome.error && outcome.error.message ? outcome.error.message : 'The payment did not go through.';
        show(message, 'failed');
        // The buyer may correct the card and press Pay again; when svcpay says this session takes no
        // more attempts, also offer a fresh checkout.
        enableButton(hadFocus);
        if (outcome.retry && !outcome.retry.allowed && outcome.retry.attempts_remaining === 0) restart.hidden = false;
      },
      function (err) {
        // confirmPayment resolves with an error object; a rejection is a bug worth seeing.
        show('Something went wrong: ' + (err && err.message ? err.message : String(err)), 'failed');
        enableButton(hadFocus);
      },
    );
  });
})();
