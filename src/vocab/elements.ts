/** Elements vocabulary (ARCHITECTURE.md, data flow 2): what `elements.create(type)` accepts. */
export const elementTypes = ['card', 'cardNumber', 'cardExpiry', 'cardCvc', 'address', 'wallet'] as const;
export type ElementType = (typeof elementTypes)[number];

/** The frame documents an element renders in: /frames/<page>.html, each loading only its own code. */
export const elementPages = ['field', 'address', 'wallet'] as const;
export type ElementPage = (typeof elementPages)[number];

/**
 * What the page side needs to know of an element type: the embed script's copy of the element
 * registry (src/elements/registry.ts holds the frame side and checks it agrees with this one).
 * Kept to plain data, since every byte here is in svcpay.js.
 * - `page`: the frame document that renders it (how tall it renders, the iframe's height from
 *   `mount()` until the frame reports its own, is element-heights.ts's to say);
 * - `title`: the iframe's accessible name;
 * - `slot`: elements of different slots exclude each other in one group (the combined card
 *   against the split card fields);
 * - `value`: its `change` carries the value (an address); a card's never does;
 * - `allow`: the iframe's permissions policy (the Payment Request API for a wallet).
 */
export interface ElementFrameSpec {
  page: ElementPage;
  title: string;
  slot?: 'card' | 'split';
  value?: true;
  allow?: 'payment';
}

const cardTitle = 'Secure card payment input frame';

export const elementFrames: Record<ElementType, ElementFrameSpec> = {
  card: { page: 'field', title: cardTitle, slot: 'card' },
  cardNumber: { page: 'field', title: cardTitle, slot: 'split' },
  cardExpiry: { page: 'field', title: cardTitle, slot: 'split' },
  cardCvc: { page: 'field', title: cardTitle, slot: 'split' },
  address: { page: 'address', title: 'Secure address input frame', value: true },
  wallet: { page: 'wallet', title: 'Secure wallet payment frame', allow: 'payment' },
};

/** The element types /frames/field.html renders: the card's. */
export const fieldTypes = ['card', 'cardNumber', 'cardExpiry', 'cardCvc'] as const satisfies readonly ElementType[];
export type FieldType = (typeof fieldTypes)[number];

/**
 * `unavailable`: a wallet element found no wallet the browser can pay with (it collapses to zero
 * height). `result`: a wallet element's payment ended (it pays on its own, without confirmPayment).
 */
export const elementEventNames = ['ready', 'change', 'focus', 'blur', 'escape', 'unavailable', 'result'] as const;
export type ElementEventName = (typeof elementEventNames)[number];

export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'] as const;
export type CardBrand = (typeof cardBrands)[number];
