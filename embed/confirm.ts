/**
 * confirmPayment and createToken on the page side, a part of svcpay.js loaded on demand
 * (embed/lazy.ts, /js/v1/svcpay-confirm.js): the group fetches it when its controller frame
 * starts, after every element is ready, so it is never on the way from mount to `ready`
 * (issue 9), and a confirm awaits it if it is not there yet. The controller answers with an
 * outcome, never card data.
 */
import type { ControllerToPage, TokenResult } from '../src/protocol/messages.ts';
import type { GroupConfig, GroupHost } from './ports.ts';
import type { CreateTokenResult } from './loader/types.js';
import type { ChallengeOutcome, ChallengePart } from './challenge.ts';
import { UNREACHABLE, internalError, randomId } from './util.ts';
import { READY_WAIT_MS, failure, type Kind, type Results } from './results.ts';

const RESULT_WAIT_MS = 90_000;

/** What the requests need from their group. */
export interface RequestHost {
  cfg: GroupConfig;
  post: GroupHost['post'];
  /** The controller frame said ready. */
  isReady(): boolean;
  loadFailed(what: string, code: string, directive: string): void;
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

export type Requests = ReturnType<typeof createRequests>;

/** One group's confirmPayment and createToken requests, and the controller's answers to them. */
export function createRequests(host: RequestHost) {
  const { cfg } = host;
  const pending = new Map<string, Pending>();
  /**
   * The answer to a request whose elements were destroyed before it ended: a charge may have
   * reached the service, so only the session (or its webhook) can say how it ended.
   */
  const destroyed = <K extends Kind>(kind: K): Results[K] =>
    kind === 'payment'
      ? ({ status: 'processing', sessionId: cfg.sessionId } as Results[K])
      : failure(kind, cfg.sessionId, 'elements_destroyed', 'The elements were destroyed before the card was saved.');

  /** One confirmPayment or createToken; the group has checked an element is mounted and started the controller. */
  function request<K extends Kind>(kind: K): Promise<Results[K]> {
    return new Promise((resolve) => {
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
      const fail = (code: string, message: string) => done(failure(kind, cfg.sessionId, code, message));
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
      timer = setTimeout(() => {
        if (!host.isReady()) return fail('controller_unavailable', UNREACHABLE);
        waitResult();
      }, READY_WAIT_MS);
      host.post({ type: 'confirm', requestId, kind });
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
      host.post({ type: 'challenge.done', requestId, outcome });
    };
    // The dialog is a script of its own (embed/lazy.ts), loaded the first time a bank asks. If it
    // cannot load, the merchant hears why, and the payment ends as if the buyer had canceled:
    // the controller then asks the service how the charge ended, so the confirm still resolves.
    host.loadPart(cfg.origin, 'challenge').then(
      (part) => {
        if (pending.get(requestId) !== p) return;
        if (cfg.debug) part.setChannelDebug(true);
        part.openChallenge(msg.url, msg, cfg.origin, p.opener, done);
      },
      () => {
        if (pending.get(requestId) !== p) return;
        host.loadFailed('challenge script', 'script_load_failed', 'script-src');
        done('canceled');
      },
    );
  }

  /**
   * The controller frame went away (the last element was destroyed): a confirm still waiting
   * answers `processing`, a createToken `elements_destroyed`.
   */
  const end = () => {
    for (const p of [...pending.values()]) p.end(null);
  };

  return { request, fromController, end, destroyed };
}

/** The wire's token result as the merchant reads it: `{ token }` or `{ error }`, one of the two. */
function toCreateTokenResult(r: TokenResult): CreateTokenResult {
  return r.token ? { token: r.token } : { error: r.error ?? internalError };
}
