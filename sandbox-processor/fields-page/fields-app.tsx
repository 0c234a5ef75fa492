/**
 * The sandbox processor's card form, as a provider's hosted fields would be: it holds the card,
 * charges it on its own origin and tells the embedding page only the outcome.
 */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { CardFields, type CardFieldsHandle, type CardFieldsState } from '../../src/components/CardFields/index.ts';
import { listen, send, type MessageTarget, type PostTarget } from '../../src/protocol/channel.ts';
import { HostToProcessorFrame, PROTOCOL, ProcessorFrameToHost } from '../../src/protocol/messages.ts';
import type { FieldsPageParams } from './params.ts';
import { answerChallenge, chargeCard, type ChargeOutcome } from './charge.ts';
import { ChallengePanel } from './challenge-panel.tsx';
import { reportableHeight } from '../../src/frames/measure.ts';

export interface FieldsAppProps {
  params: FieldsPageParams;
  /** Where host messages arrive (the page's window). */
  events: MessageTarget;
  /** The embedding window: the only accepted sender and the only recipient. */
  parent: PostTarget & MessageEventSource;
  charge?: typeof chargeCard;
  answer?: typeof answerChallenge;
}

/** A bank check this page shows: for which host request, which transaction, what amount. */
interface OpenChallenge {
  requestId: string;
  transactionId: string;
  amount: number;
  currency: string;
}

export function FieldsApp({ params, events, parent, charge = chargeCard, answer = answerChallenge }: FieldsAppProps): JSX.Element {
  const handle = useRef<CardFieldsHandle | null>(null);
  const busy = useRef(false);
  const [disabled, setDisabled] = useState(false);
  const [challenge, setChallenge] = useState<OpenChallenge | null>(null);
  const [answering, setAnswering] = useState(false);
  const [answerFailed, setAnswerFailed] = useState(false);

  const post = (msg: ProcessorFrameToHost) => send(parent, params.parentOrigin, ProcessorFrameToHost, msg);

  async function submit(requestId: string) {
    const fields = handle.current;
    // One charge at a time: a second submit while one runs would spend the token twice.
    if (!fields || busy.current) return;
    if (!fields.validate()) {
      post({ protocol: PROTOCOL, type: 'sbx.result', requestId, status: 'invalid' });
      return;
    }
    const { number, expMonth, expYear, cvc, postalCode } = fields.values();
    if (!number || !expMonth || !expYear || !cvc) {
      post({ protocol: PROTOCOL, type: 'sbx.result', requestId, status: 'invalid' });
      return;
    }
    busy.current = true;
    setDisabled(true);
    let outcome: ChargeOutcome;
    try {
      outcome = await charge(params.token, { number, expMonth, expYear, cvc, ...(postalCode ? { postalCode } : {}) });
    } catch {
      outcome = { status: 'error', code: 'internal_error', httpStatus: 0 };
    }
    busy.current = false;
    if (outcome.status === 'requires_action' && outcome.challenge) {
      // The bank's check, here (issue 18, finding 11): the host hears the outcome once the buyer answers.
      setChallenge({ requestId, transactionId: outcome.transactionId, ...outcome.challenge });
      post({ protocol: PROTOCOL, type: 'sbx.challenge', requestId });
      return;
    }
    report(requestId, outcome);
  }

  /** Tells the host how a charge (or the bank check after it) ended. */
  function report(requestId: string, outcome: ChargeOutcome) {
    if (outcome.status === 'error') {
      setDisabled(false);
      post({ protocol: PROTOCOL, type: 'sbx.result', requestId, status: 'error' });
      return;
    }
    // After an approval or while the bank checks the buyer the card stays locked. After a decline
    // too (issue 38): the token is spent and the host mounts a fresh form, so what the buyer typed
    // here now would be lost with this one; `sbx.reset` unlocks it for a host that keeps it.
    post({
      protocol: PROTOCOL,
      type: 'sbx.result',
      requestId,
      // Each means "a transaction exists: complete it"; for `requires_action` the service, not this
      // frame, gives the host the bank's page (`complete` answers `next_action`).
      status: outcome.status,
      transactionId: outcome.transactionId,
      ...(outcome.declineCode ? { declineCode: outcome.declineCode } : {}),
    });
  }

  useEffect(() => {
    const stop = listen(events, {
      origin: params.parentOrigin,
      source: () => parent,
      schema: HostToProcessorFrame,
      onMessage(msg) {
        if (msg.type === 'sbx.submit') void submit(msg.requestId);
        // The host's fresh form after a decline (issue 38): the next card goes to the number.
        else if (msg.type === 'sbx.focus') handle.current?.focus();
        else {
          handle.current?.clear();
          setDisabled(false);
        }
      },
    });
    post({ protocol: PROTOCOL, type: 'sbx.ready' });
    return stop;
    // Params and windows are fixed for the life of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Errors and translations change the page's height; the host sizes the iframe to it. The body
  // is measured, not the form: its padding keeps room for focus rings at the frame's edge.
  useEffect(() => {
    const el = document.body;
    if (typeof ResizeObserver === 'undefined') return;
    let last = -1;
    const report = () => {
      // Not before the frame has a width: laid out at width 0 it is taller than it will be, and
      // reporting that would grow the host's frame for a moment (src/frames/measure.ts says why).
      const measured = reportableHeight(el);
      if (measured === null) return;
      const height = Math.min(2000, Math.ceil(measured));
      if (height === last) return;
      last = height;
      post({ protocol: PROTOCOL, type: 'sbx.resize', height });
    };
    const observer = new ResizeObserver(report);
    observer.observe(el);
    report();
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The host learns only complete/empty/brand, so error-only changes are not worth a message.
  const lastChange = useRef('false|true|unknown');
  function onChange({ complete, empty, brand }: CardFieldsState) {
    const key = `${complete}|${empty}|${brand}`;
    if (key === lastChange.current) return;
    lastChange.current = key;
    post({ protocol: PROTOCOL, type: 'sbx.change', complete, empty, brand });
  }

  async function onAnswer(result: 'approve' | 'fail') {
    if (!challenge || answering) return;
    setAnswering(true);
    setAnswerFailed(false);
    let outcome: ChargeOutcome;
    try {
      outcome = await answer(params.token, challenge.transactionId, result);
    } catch {
      outcome = { status: 'error', code: 'internal_error', httpStatus: 0 };
    }
    setAnswering(false);
    // An answer that did not arrive leaves the check open: the buyer answers again.
    if (outcome.status === 'error' || outcome.status === 'requires_action') {
      setAnswerFailed(true);
      return;
    }
    setChallenge(null);
    report(challenge.requestId, outcome);
  }

  return (
    <form
      class="sbx-form"
      noValidate
      onSubmit={(e) => {
        // Enter inside the frame: the host owns the Pay button, so nothing to submit here.
        e.preventDefault();
      }}
    >
      {challenge ? <ChallengePanel amount={challenge.amount} currency={challenge.currency} busy={answering} failed={answerFailed} onAnswer={(r) => void onAnswer(r)} /> : null}
      <div hidden={challenge !== null}>
        <CardFields
          layout="combined"
          showPostalCode
          locale={params.locale}
          disabled={disabled}
          onChange={onChange}
          handleRef={(h) => {
            handle.current = h;
          }}
        />
      </div>
    </form>
  );
}
