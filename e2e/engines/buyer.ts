/**
 * What a buyer does and sees, in driver terms: card inputs found by their autocomplete tokens (as
 * `svcpay/testing` finds them, the same in every locale), buttons by their visible name, text and
 * alerts as shown. Each wait names what the buyer was waiting for when it fails.
 */
import { CARD_INPUT_TOKENS } from '../../embed/testing/fields.ts';
import type { TestCard } from '../fixtures/cards.ts';
import { waitFor, type EnginePage, type FramePath } from './driver.ts';

const js = (value: unknown) => JSON.stringify(value);

/** Where each card input lives: one frame for the card element, one per input for split fields. */
export interface CardFrames {
  number: FramePath;
  expiry: FramePath;
  cvc: FramePath;
  /** The frame that may hold a postal code input (typed only when shown). */
  postalCode?: FramePath;
}

export const inOneFrame = (frame: FramePath): CardFrames => ({ number: frame, expiry: frame, cvc: frame, postalCode: frame });

const input = (token: string) => `input[autocomplete="${token}"]`;

export async function fillCard(page: EnginePage, frames: CardFrames, card: TestCard): Promise<void> {
  await page.type(frames.number, input(CARD_INPUT_TOKENS.number), card.number);
  await page.type(frames.expiry, input(CARD_INPUT_TOKENS.expiry), card.expiry);
  await page.type(frames.cvc, input(CARD_INPUT_TOKENS.cvc), card.cvc);
  const postal = input(CARD_INPUT_TOKENS.postalCode);
  if (frames.postalCode && (await page.evaluate<boolean>(frames.postalCode, `!!document.querySelector(${js(postal)})`))) {
    await page.type(frames.postalCode, postal, card.postalCode);
  }
}

/** The card number as the input shows it now (empty on fresh fields). */
export function cardNumberShown(page: EnginePage, frame: FramePath): Promise<string> {
  return page.evaluate<string>(frame, `document.querySelector(${js(input(CARD_INPUT_TOKENS.number))})?.value ?? null`);
}

/**
 * Clicks the enabled button whose visible name starts with `name`, once there is one. The button
 * is marked for the driver's CSS click: the drivers share no way to select by text.
 */
export async function clickButton(page: EnginePage, frame: FramePath, name: string): Promise<void> {
  const selector = await waitFor<string>(
    page,
    frame,
    `(() => {
      const b = [...document.querySelectorAll('button')].find((b) => !b.disabled && b.getAttribute('aria-busy') !== 'true' && (b.getAttribute('aria-label') || b.textContent || '').trim().startsWith(${js(name)}));
      if (!b) return '';
      b.setAttribute('data-engine-target', ${js(name)});
      return '[data-engine-target=' + JSON.stringify(${js(name)}) + ']';
    })()`,
    `an enabled "${name}" button`,
  );
  await page.click(frame, selector);
}

/** Waits until the page shows `text` (visible text, not markup). */
export async function expectText(page: EnginePage, frame: FramePath, text: string): Promise<void> {
  await waitFor(page, frame, `document.body && document.body.innerText.includes(${js(text)})`, `the text "${text}"`);
}

/** Waits for an alert (role="alert") whose text matches `pattern`, and returns its text. */
export function expectAlert(page: EnginePage, frame: FramePath, pattern: RegExp): Promise<string> {
  return waitFor<string>(
    page,
    frame,
    `[...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent.trim()).find((t) => ${pattern.toString()}.test(t)) || ''`,
    `an alert matching ${pattern}`,
  );
}

/** Waits until the element at `selector` has text, and returns it. */
export function textOf(page: EnginePage, frame: FramePath, selector: string): Promise<string> {
  return waitFor<string>(page, frame, `document.querySelector(${js(selector)})?.textContent.trim() || ''`, `text in ${selector}`);
}

/** Waits until nothing matches `selector` (a dialog closed). */
export async function expectGone(page: EnginePage, frame: FramePath, selector: string): Promise<void> {
  await waitFor(page, frame, `!document.querySelector(${js(selector)})`, `${selector} to go`);
}
