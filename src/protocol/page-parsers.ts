/**
 * Hand-rolled validators (checks.ts) for the three directions that cross to or from the merchant
 * page: FieldToPage, ControllerToPage and PageToController of messages.ts, whose types they
 * return. The script-tag bundle cannot afford zod (6 KB budget), nor can the frames on the way to a
 * card's `ready` (issue 9, Speed), so the page, the field frame and the controller frame all check
 * these shapes with the same code; embed/protocol.test.ts proves each agrees with its zod schema.
 * Everything here is used by the script-tag bundle: other frame-only parsers live in
 * frame-parsers.ts, so that bundle never carries them.
 */
import type { ControllerToPage, FieldToPage, PageToController } from './messages.ts';
import { cardBrands, elementEventNames, elementTypes } from '../vocab/elements.ts';
import { publishableKeyShape } from '../vocab/keys.ts';
import { confirmStatuses } from '../vocab/payments.ts';
import { walletTypes } from '../vocab/wallet-domains.ts';
import { bool, id, int, messages, obj, oneOf, opt, orNull, re, str, type Check } from './checks.ts';

const fieldError = obj({ code: str(64), message: str(300) });

/** A card field's state (messages.ts, FieldState). */
export const fieldState = obj({
  elementType: oneOf(elementTypes),
  empty: bool,
  complete: bool,
  brand: opt(oneOf(cardBrands)),
  error: opt(orNull(fieldError)),
});

/** An address element's value (messages.ts, AddressValue): it reaches the page, and the controller collects it. */
export const addressValue = obj({
  name: opt(str(200)),
  phone: opt(str(32, /^[0-9+()\-. ]*$/)),
  address: obj({ line1: str(200), line2: str(200), city: str(100), state: str(100), postalCode: str(16), country: re(/^[A-Z]{2}$/) }),
});

/** An address element's state carries its value (messages.ts, AddressState). */
const addressState = obj({ elementType: oneOf(['address']), empty: bool, complete: bool, error: orNull(fieldError), value: addressValue });

export const paymentError = obj({ code: str(64), message: str(500), declineCode: opt(orNull(str(64))) });

const confirmResult = obj({
  status: oneOf(confirmStatuses),
  sessionId: str(80),
  paymentIntentId: opt(orNull(str(80))),
  error: opt(paymentError),
  retry: opt(orNull(obj({ allowed: bool, attempts_remaining: int(0, Number.MAX_SAFE_INTEGER) }))),
});

/** A wallet element's state (messages.ts, WalletState): the wallet offered, and its payment's outcome. */
const walletState = obj({ elementType: oneOf(['wallet']), empty: bool, complete: bool, wallet: opt(oneOf(walletTypes)), result: opt(confirmResult) });

/** What an element's events carry (messages.ts, ElementState): any one of the three. */
export const elementState: Check = (v) => fieldState(v) || addressState(v) || walletState(v);

export const elementOptions = opt(
  obj({ placeholder: opt(str(100)), disabled: opt(bool), hidePostalCode: opt(bool), mode: opt(oneOf(['billing', 'shipping'])) }),
);

const tokenResult = obj({
  token: opt(
    obj({
      id: str(80),
      card: obj({ brand: oneOf(cardBrands), last4: orNull(re(/^\d{4}$/)), expMonth: orNull(int(1, 12)), expYear: orNull(int(2000, 2100)) }),
    }),
  ),
  error: opt(paymentError),
});

/** Every element type's (the card frame checks what it sends with a card-only twin: frame-parsers.ts, CardToPageParser). */
export const FieldToPageParser = messages<FieldToPage>({
  'element.event': { elementId: id, event: oneOf(elementEventNames), state: elementState },
  'element.resize': { elementId: id, height: int(0, 2000) },
  'element.error': { elementId: id, code: str(64) },
  'element.refused': { elementId: id, code: str(64), message: str(500) },
});

export const ControllerToPageParser = messages<ControllerToPage>({
  'controller.ready': {},
  'confirm.result': { requestId: id, result: confirmResult },
  'confirm.challenge': { requestId: id, url: str(2000, /^https?:\/\/[^\s]+$/), label: str(200), cancel: str(100) },
  'token.result': { requestId: id, result: tokenResult },
  'controller.error': { error: fieldError },
});

export const PageToControllerParser = messages<PageToController>({
  init: { publishableKey: re(publishableKeyShape), sessionId: str(80), locale: opt(str(16)) },
  'element.update': { elementId: id, options: elementOptions },
  'element.unmount': { elementId: id },
  confirm: { requestId: id, kind: oneOf(['payment', 'token']) },
  'challenge.done': { requestId: id, outcome: oneOf(['returned', 'canceled']) },
});
