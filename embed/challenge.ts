/**
 * The bank-challenge dialog (3-D Secure) over the merchant page. The embed script creates it when
 * the controller says the buyer's bank wants them, and frames the bank's page in it.
 *
 * Why the bank page is framed here, by the merchant page, and not inside a service frame: card
 * data is not involved either way (the charge already left from the controller frame; the bank
 * page holds two buttons), and a CSP `frame-ancestors` is checked against every ancestor, so a
 * service frame in between would not spare the bank page from naming the merchant page anyway.
 * The bank page names exactly two ancestors (sandbox-processor/server/challenge-page.ts): the
 * service, and the one page origin the controller sent with this charge. When the buyer answers,
 * the bank sends the frame to the service's return page (src/frames/challenge-return), which posts
 * `challenge.returned` here; the controller then asks the service how the charge ended.
 *
 * Focus stays inside while it is open (a focus that lands elsewhere on the page comes back to the
 * dialog's Cancel button); Escape or Cancel closes it as `canceled`; focus then returns to where
 * it was (once it can take it again). Escape is heard while focus is on the dialog or its button: keys pressed inside the
 * bank's cross-origin page never reach this page, hence the visible Cancel button too.
 */
import { listen, type setChannelDebug } from '../src/protocol/channel.ts';
import { ChallengeReturnParser } from './protocol.ts';
import { SANDBOX } from './util.ts';

export type ChallengeOutcome = 'returned' | 'canceled';

/** What the challenge part (embed/parts/challenge.ts, loaded on demand by embed/lazy.ts) hands over. */
export interface ChallengePart {
  openChallenge: typeof openChallenge;
  setChannelDebug: typeof setChannelDebug;
}

export interface ChallengeTexts {
  label: string;
  cancel: string;
  /**
   * At the top of the window rather than in its middle, at its full height whatever the window's:
   * for a window that grows to hold the dialog (the embedded checkout frame), where a centred
   * dialog, or one as short as the window, would move under the buyer's pointer while it grows.
   */
  top?: boolean;
}

/**
 * Shows the dialog; `onDone` is called once, when it closes, with a `refocus` that puts focus back
 * where it was if nothing holds it (a Pay button the merchant disabled during the payment cannot
 * take focus until the payment resolves: call it again then).
 */
export function openChallenge(
  url: string,
  texts: ChallengeTexts,
  serviceOrigin: string,
  /** What had focus when the payment started (the Pay button, before the merchant disabled it). */
  opener: Element | null,
  onDone: (outcome: ChallengeOutcome, refocus: () => void) => void,
): void {
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, css: string) => {
    const e = document.createElement(tag);
    e.style.cssText = css;
    return e;
  };
  const backdrop = el('div', `position:fixed;inset:0;z-index:2147483647;background:#0008;display:grid;place-items:${texts.top ? 'start center;overflow:clip' : 'center'}`);
  // At the top of a growing window the dialog keeps its full height from the start: sized to the
  // window, the bank's page would lay out (and scroll) in a short frame and then move its buttons
  // as the window grows, so a click aimed at "Complete" could land elsewhere.
  const dialog = el('div', `background:#fff;border-radius:8px;width:min(480px,100vw);height:${texts.top ? '640px' : 'min(640px,100vh)'};display:flex;flex-direction:column`);
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', texts.label);
  dialog.tabIndex = -1;
  const cancel = el('button', 'align-self:end;margin:8px;font:inherit');
  cancel.type = 'button';
  cancel.textContent = texts.cancel;
  const frame = el('iframe', 'border:0;width:100%;flex:1');
  frame.src = url;
  frame.title = texts.label;
  frame.setAttribute('sandbox', SANDBOX);
  dialog.append(cancel, frame);
  backdrop.appendChild(dialog);

  let open = true;
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    close('canceled');
  };
  const onFocus = (e: FocusEvent) => {
    if (!dialog.contains(e.target as Node)) cancel.focus();
  };
  const stop = listen(window, { origin: serviceOrigin, source: () => frame.contentWindow, schema: ChallengeReturnParser, onMessage: () => close('returned') });

  function close(outcome: ChallengeOutcome): void {
    if (!open) return;
    open = false;
    stop();
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('focusin', onFocus, true);
    backdrop.remove();
    refocus();
    onDone(outcome, refocus);
  }

  function refocus(): void {
    const now = document.activeElement;
    if (opener?.isConnected && (!now || now === document.body)) (opener as HTMLElement).focus();
  }

  cancel.addEventListener('click', () => close('canceled'));
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('focusin', onFocus, true);
  document.body.appendChild(backdrop);
  dialog.focus();
}
