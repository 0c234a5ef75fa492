/**
 * What the messages between the frames and the page carry (messages.ts, field-messages.ts): an
 * element's type, events, state and options, the merchant's appearance, and what confirmPayment
 * and createToken answer. Re-exported by messages.ts.
 */
import * as z from 'zod/mini';
import { elementEventNames, elementTypes } from '../vocab/elements.ts';
import { confirmStatuses } from '../vocab/payments.ts';
import { walletTypes } from '../vocab/wallets.ts';
import { appearanceProblem, type Appearance as AppearanceValue } from './appearance.ts';
import { bool, intIn } from './primitives.ts';
import { CardBrand, PaymentError, str } from './message-parts.ts';

export const ElementType = z.enum(elementTypes);
export type ElementType = z.infer<typeof ElementType>;

export const ElementEventName = z.enum(elementEventNames);
export type ElementEventName = z.infer<typeof ElementEventName>;

/** What the page may learn about a field: state, never the value. */
export const FieldError = z.strictObject({ code: str(64), message: str(300) });
export type FieldError = z.infer<typeof FieldError>;

export const FieldState = z.strictObject({
  elementType: ElementType,
  empty: bool(),
  complete: bool(),
  brand: z.optional(CardBrand),
  error: z.optional(z.nullable(FieldError)),
});
export type FieldState = z.infer<typeof FieldState>;

/**
 * An address element's value. Unlike card data it reaches the merchant page, in every `change`
 * (issue 9): strict objects with bounded strings, and no key a card number or CVC could travel in.
 */
export const AddressValue = z.strictObject({
  name: z.optional(str(200)),
  phone: z.optional(z.string().check(z.regex(/^[0-9+()\-. ]{0,32}$/))),
  address: z.strictObject({
    line1: str(200),
    line2: str(200),
    city: str(100),
    state: str(100),
    postalCode: str(16),
    country: z.string().check(z.regex(/^[A-Z]{2}$/)),
  }),
});
export type AddressValue = z.infer<typeof AddressValue>;

export const AddressState = z.strictObject({
  elementType: z.literal('address'),
  empty: bool(),
  complete: bool(),
  error: z.nullable(FieldError),
  value: AddressValue,
});
export type AddressState = z.infer<typeof AddressState>;

/**
 * The merchant's `appearance` (theme, variables, rules), checked by the same zod-free code the
 * embed script runs at `elements()`: only allow-listed keys, and values made of colours, lengths,
 * font names and keywords (appearance.ts says why), so no CSS beyond those reaches a frame.
 */
export const Appearance = z.optional(z.custom<AppearanceValue>((v) => appearanceProblem(v) === null));
export type Appearance = z.infer<typeof Appearance>;

export const ElementOptions = z.optional(
  z.strictObject({
    placeholder: z.optional(str(100)),
    disabled: z.optional(bool()),
    hidePostalCode: z.optional(bool()),
    /** `address` only: which address it asks for (default billing). */
    mode: z.optional(z.enum(['billing', 'shipping'])),
  }),
);
export type ElementOptions = z.infer<typeof ElementOptions>;

export const RetryState = z.strictObject({ allowed: bool(), attempts_remaining: intIn(0) });

export const ConfirmResult = z.strictObject({
  status: z.enum(confirmStatuses),
  sessionId: str(80),
  paymentIntentId: z.optional(z.nullable(str(80))),
  error: z.optional(PaymentError),
  retry: z.optional(z.nullable(RetryState)),
});
export type ConfirmResult = z.infer<typeof ConfirmResult>;

/** What `createToken` resolves with: a `vp_pmt_*` and what the buyer may be shown of the card, or an error. */
export const TokenResult = z.strictObject({
  token: z.optional(
    z.strictObject({
      id: str(80),
      card: z.strictObject({
        brand: CardBrand,
        last4: z.nullable(z.string().check(z.regex(/^\d{4}$/))),
        expMonth: z.nullable(intIn(1, 12)),
        expYear: z.nullable(intIn(2000, 2100)),
      }),
    }),
  ),
  error: z.optional(PaymentError),
});
export type TokenResult = z.infer<typeof TokenResult>;

/** An error the merchant hears as the `error` event of its elements group (never card data). */
export const ElementsError = z.strictObject({ code: str(64), message: str(300) });
export type ElementsError = z.infer<typeof ElementsError>;

/**
 * A wallet element's state: which wallet its button offers (absent while it asks the browser, or
 * when none can pay), and, on `result`, how its payment ended (it pays on its own).
 */
export const WalletState = z.strictObject({
  elementType: z.literal('wallet'),
  empty: bool(),
  complete: bool(),
  wallet: z.optional(z.enum(walletTypes)),
  result: z.optional(ConfirmResult),
});
export type WalletState = z.infer<typeof WalletState>;

/** What an element's events carry: a card field's state, an address element's state and value, or a wallet's. */
export const ElementState = z.union([FieldState, AddressState, WalletState]);
export type ElementState = z.infer<typeof ElementState>;
