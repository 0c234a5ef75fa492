/**
 * The sandbox bank's check shown inside the fields page (issue 18, finding 11): an embedded
 * checkout's form has no return URL, so instead of the bank's own page (server/challenge-page.ts)
 * the same two answers appear here, on the processor's origin. Like that page, it speaks English:
 * it stands for the buyer's bank, not for the merchant's checkout.
 *
 * Focus moves to its heading when it appears, so a keyboard or screen-reader user lands on it.
 */
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { bankAmount } from '../bank-amount.ts';

export interface ChallengePanelProps {
  amount: number;
  currency: string;
  /** An answer is on its way: the buttons wait. */
  busy: boolean;
  /** The last answer did not reach the bank: say so; the buyer answers again. */
  failed: boolean;
  onAnswer(result: 'approve' | 'fail'): void;
}

export function ChallengePanel({ amount, currency, busy, failed, onAnswer }: ChallengePanelProps): JSX.Element {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="sbx-challenge" lang="en" aria-labelledby="sbx-challenge-title">
      <h2 id="sbx-challenge-title" ref={heading} tabIndex={-1}>
        Confirm your payment with your bank
      </h2>
      <p>
        Sandbox bank check for a payment of <strong>{bankAmount(amount, currency)}</strong>.
      </p>
      {failed ? <p role="alert">Your answer did not reach the bank. Try again.</p> : null}
      <div class="sbx-challenge__actions">
        <button type="button" class="sbx-challenge__approve" disabled={busy} onClick={() => onAnswer('approve')}>
          Complete authentication
        </button>
        <button type="button" disabled={busy} onClick={() => onAnswer('fail')}>
          Fail authentication
        </button>
      </div>
    </section>
  );
}
