/**
 * The page side of a group's hidden controller frame, and confirmPayment and createToken through
 * it: the confirm part (svcpay-confirm.js, embed/lazy.ts), since the controller is needed only to
 * pay or save a card. The group (embed/group.ts) loads it once its mounted elements are ready
 * (never on the way from mount to `ready`, issue 9), or on a confirm, and starts the frame then.
 * The channel's listener and the frame come from the group (svcpay.js has them for its elements),
 * so this part carries no second copy of them; every controller message is still checked by
 * origin, window, shape and channel before it is read (src/protocol/channel.ts, listen). The
 * controller answers with an outcome, never card data.
 */
import { post, type Parser, type listen } from '../src/protocol/channel.ts';
import type { ControllerToPage, PageToController, TokenResult } from '../src/protocol/messages.ts';
import { PROTOCOL } from '../src/protocol/checks.ts';
import type { ChallengeOutcome, ChallengePart } from './challenge.ts';
import type { CreateTokenResult } from './loader/types.js';
import type { Body, GroupConfig } from './ports.ts';
import { READY_WAIT_MS, failure, type Kind, type Results } from './results.ts';
import { UNREACHABLE, internalError, randomId } from './util.ts';

const RESULT_WAIT_MS = 90_000;

/** What the controller needs from its group (the group's own host: embed/ports.ts). */
export interface ControllerHost extends GroupConfig {
  channel: string;
  /** svcpay.js's listener (its debug switch turns on the drop log), and the controller's messages' validator. */
  listen: typeof listen;
  schema: Parser<ControllerToPage>;
  /** A new controller frame, its page and hash chosen by the group; not yet in the page. */
  frame(): HTMLIFrameElement;
  /** The group's `error` event. */
  error(code: string, message: string): void;
  loadFailed(what: string, code?: string, directive?: string): void;
  /** The group's part loader (svcpay.js's: one download per page, its nonce), for the challenge dialog. */
  loadPart(origin: string, name: 'challenge'): Promise<ChallengePart>;
}

interface Pending {
  /** What had focus when the merchant called: focus goes back there after a bank challenge. */
  opener: Element | null;
  /** The controller's answer; or `null`: the elements were destroyed while waiting. */
  end(message: ControllerToPage | null): void;
  /**
   * No `after`: the bank challenge is open, no timeout while the buyer answers their bank. With
   * `after`: it closed, the wait for the result starts again, and `after` runs once the merchant's
   * code has seen the result.
   */
  wait(after?: () => void): void;
}

export type Controller = ReturnType<typeof createController>;

/**
 * One group's controller: the frame (from `start` until `close`), its ready handshake, the messages
 * waiting for it (`queue`: the group's, which the group empties when its last element goes), and
 * the group's confirm requests.
 */
export function createController(host: ControllerHost, queue: Body[]) {
  const { channel } = host;
  let frame: HTMLIFrameElement | null = null;
  let ready = false;
  let initTimer: ReturnType<typeof setInterval> | undefined;
  let stopListening: (() => void) | null = null;
  /** The wait for the controller to say ready; cleared when it does or goes away. */
  let controllerWatch: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<string, Pending>();

  function postNow(body: Body): void {
    const target = frame?.contentWindow;
    // Unchecked here: the controller checks every message it receives (src/protocol/channel.ts, post).
    if (target) post<PageToController>(target, host.origin, { protocol: PROTOCOL, channel, ...body } as PageToController);
  }
  // Messages wait until the controller has said it is ready, so none is lost to a loading frame.
  const send = (body: Body) => (ready ? postNow(body) : void queue.push(body));

  /** Creates the frame if it is not there. */
  function start(): void {
    if (frame) return;
    const f = (frame = host.frame());
    // Hidden whatever the page's CSS says (inline !important wins); a hidden frame takes no
    // pointer events, and a fixed one no room in the page's flow.
    f.style.cssText = 'position:fixed!important;width:1px!important;height:1px!important;border:0;visibility:hidden!important';
    f.tabIndex = -1;
    f.setAttribute('aria-hidden', 'true');
    stopListening = host.listen(window, { origin: host.origin, source: () => frame?.contentWindow, schema: host.schema, channel, onMessage });
    // Each load is a fresh controller (a moved iframe reloads): introduce ourselves again, and
    // repeat until it answers in case the first message beat its listener.
    f.addEventListener('load', () => {
      ready = false;
      clearInterval(initTimer);
      let tries = 0;
      const init = () =>
        ++tries > 10
          ? clearInterval(initTimer)
          : postNow({ type: 'init', publishableKey: host.publishableKey, sessionId: host.sessionId, ...(host.locale ? { locale: host.locale } : {}) });
      init();
      initTimer = setInterval(init, 1000);
    });
    document.body.appendChild(f);
    // The controller must answer within the wait, or the merchant hears why nothing works.
    controllerWatch = setTimeout(() => ready || host.loadFailed('controller frame', 'frame_load_failed', 'frame-src'), READY_WAIT_MS);
  }

  function onMessage(msg: ControllerToPage): void {
    if (msg.type === 'controller.ready') {
      if (ready) return;
      ready = true;
      clearTimeout(controllerWatch);
      clearInterval(initTimer);
      for (const body of queue.splice(0)) postNow(body);
    } else if (msg.type === 'controller.error') {
      host.error(msg.error.code, msg.error.message);
    } else {
      fromController(msg);
    }
  }

  /**
   * The answer to a request whose elements were destroyed before it ended: a charge may have
   * reached the service, so only the session (or its webhook) can say how it ended.
   */
  const destroyed = <K extends Kind>(kind: K): Results[K] =>
    kind === 'payment'
      ? ({ status: 'processing', sessionId: host.sessionId } as Results[K])
      : failure(kind, host.sessionId, 'elements_destroyed', 'The elements were destroyed before the card was saved.');

  /**
   * One confirmPayment or createToken; the group has checked an element is mounted and started the
   * frame. Without a frame (the elements were destroyed while this code loaded) it ends as destroyed.
   */
  function request<K extends Kind>(kind: K): Promise<Results[K]> {
    return new Promise((resolve) => {
      if (!frame) return resolve(destroyed(kind));
      const requestId = randomId(8);
      let timer: ReturnType<typeof setTimeout> | undefined;
      let after: (() => void) | undefined;
      const done = (result: Results[K]) => {
        clearTimeout(timer);
        pending.delete(requestId);
        resolve(result);
        // The merchant's handlers run first (re-enabling a Pay button), then focus goes back.
        if (after) setTimeout(after);
      };
      const fail = (code: string, message: string) => done(failure(kind, host.sessionId, code, message));
      const waitResult = () => (timer = setTimeout(() => fail('timeout', 'The payment is taking too long. Check your connection and try again.'), RESULT_WAIT_MS));
      pending.set(requestId, {
        opener: document.activeElement,
        end: (msg) =>
          !msg
            ? done(destroyed(kind))
            : msg.type === (kind === 'payment' ? 'confirm.result' : 'token.result') &&
              done((msg.type === 'token.result' ? toCreateTokenResult(msg.result) : msg.result) as Results[K]),
        wait: (then) => {
          clearTimeout(timer);
          if ((after = then)) waitResult();
        },
      });
      timer = setTimeout(() => (ready ? waitResult() : fail('controller_unavailable', UNREACHABLE)), READY_WAIT_MS);
      send({ type: 'confirm', requestId, kind });
    });
  }

  /** The controller's answers: a result, or a bank asking for a challenge. */
  function fromController(msg: Extract<ControllerToPage, { requestId: string }>): void {
    const { requestId } = msg;
    const p = pending.get(requestId);
    if (!p) return;
    if (msg.type !== 'confirm.challenge') return p.end(msg);
    p.wait();
    const done = (outcome: ChallengeOutcome, refocus = () => {}) => {
      p.wait(refocus);
      send({ type: 'challenge.done', requestId, outcome });
    };
    // The dialog is a script of its own (embed/lazy.ts), loaded the first time a bank asks. If it
    // cannot load, the merchant hears why, and the payment ends as if the buyer had canceled:
    // the controller then asks the service how the charge ended, so the confirm still resolves.
    host.loadPart(host.origin, 'challenge').then(
      (part) => {
        if (pending.get(requestId) !== p) return;
        if (host.debug) part.setChannelDebug(true);
        part.openChallenge(msg.url, msg, host.origin, p.opener, done);
      },
      () => {
        if (pending.get(requestId) !== p) return;
        host.loadFailed('challenge script', 'script_load_failed', 'script-src');
        done('canceled');
      },
    );
  }

  /**
   * The last element is destroyed: the frame, its listener and its timers go, and a request still
   * waiting answers as destroyed (a confirm `processing`, a createToken `elements_destroyed`). A
   * later `start` makes a fresh frame.
   */
  function close(): void {
    clearInterval(initTimer);
    clearTimeout(controllerWatch);
    stopListening?.();
    stopListening = null;
    frame?.remove();
    frame = null;
    ready = false;
    for (const p of [...pending.values()]) p.end(null);
  }

  return { start, post: send, close, request };
}

/** The wire's token result as the merchant reads it: `{ token }` or `{ error }`, one of the two. */
function toCreateTokenResult(r: TokenResult): CreateTokenResult {
  return r.token ? { token: r.token } : { error: r.error ?? internalError };
}
