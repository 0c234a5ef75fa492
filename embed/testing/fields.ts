/**
 * Card inputs for merchants' QA: found by their `autocomplete` tokens (cc-number, cc-exp, cc-csc,
 * postal-code), the same in every locale, inside svcpay's cross-origin field frames, which embed/element.ts marks with
 * `data-svcpay-element` (their type) and `data-svcpay-ready` (after their `ready` event).
 * Runtime imports nothing from Playwright: it is an optional peer, used through what is passed in.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import type { CardElementType, CardFieldsTarget, TestCardDetails, WaitForReadyOptions } from './types.js';

/** The English accessible names of the card inputs (Doc 3); other locales have their own. */
export const CARD_INPUT_NAMES = {
  number: 'Card number',
  expiry: 'Expiration date',
  cvc: 'Security code',
  postalCode: 'Postal code',
} as const;

type Input = keyof typeof CARD_INPUT_NAMES;

/** The inputs' `autocomplete` tokens: what the helpers select by, so a French or Arabic checkout fills as an English one. */
export const CARD_INPUT_TOKENS = {
  number: 'cc-number',
  expiry: 'cc-exp',
  cvc: 'cc-csc',
  postalCode: 'postal-code',
} as const satisfies Record<Input, string>;

/** The input with this token in a frame (or any locator scope). */
export function cardInput(scope: FrameLocator | Locator, name: Input): Locator {
  return scope.locator(`input[autocomplete="${CARD_INPUT_TOKENS[name]}"]`);
}

/** Which element frames can hold each input: the combined `card`, or its split counterpart. */
const HOLDERS: Record<Input, readonly CardElementType[]> = {
  number: ['card', 'cardNumber'],
  expiry: ['card', 'cardExpiry'],
  cvc: ['card', 'cardCvc'],
  postalCode: ['card'],
};

export function fieldFrameSelector(type: CardElementType): string {
  return `iframe[data-svcpay-element="${type}"]`;
}

function isPage(target: CardFieldsTarget): target is Page {
  return typeof (target as Page).goto === 'function';
}

function input(target: CardFieldsTarget, name: Input): Locator {
  const frame: FrameLocator = isPage(target)
    ? target.locator(HOLDERS[name].map(fieldFrameSelector).join(', ')).contentFrame()
    : target;
  return cardInput(frame, name);
}

/** Key by key, so the field's own formatting and validation run as they do for a buyer. */
async function type(field: Locator, value: string): Promise<void> {
  await field.click();
  await field.clear();
  await field.pressSequentially(value);
}

export async function fillCard(target: CardFieldsTarget, card: TestCardDetails): Promise<void> {
  await type(input(target, 'number'), card.number);
  await type(input(target, 'expiry'), card.expiry);
  await type(input(target, 'cvc'), card.cvc);
  if (card.postalCode === undefined) return;
  // The number is typed, so its frame has rendered: a postal code input absent now is hidden.
  const postalCode = input(target, 'postalCode');
  if ((await postalCode.count()) > 0) await type(postalCode, card.postalCode);
}

export async function waitForReady(page: Page, options: WaitForReadyOptions = {}): Promise<void> {
  // Runs in the merchant page: reads the frames' marker attributes, never anything inside them.
  const allReady = (wanted: string[] | null): boolean => {
    const frames = Array.from(document.querySelectorAll('iframe[data-svcpay-element]'));
    if (frames.length === 0) return false;
    if (wanted && !wanted.every((t) => frames.some((f) => f.getAttribute('data-svcpay-element') === t))) return false;
    return frames.every((f) => f.hasAttribute('data-svcpay-ready'));
  };
  await page.waitForFunction(allReady, options.elements ?? null, options.timeout === undefined ? {} : { timeout: options.timeout });
}
