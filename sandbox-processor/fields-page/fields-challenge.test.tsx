// @vitest-environment happy-dom
/**
 * Issue 18, finding 11: an embedded checkout's 3-D Secure card shows the bank's check inside the
 * fields page. The host hears that the check is open (and stops its wait), then the outcome once
 * the buyer answers; never an approval the buyer did not give.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL, type ProcessorFrameToHost } from '../../src/protocol/messages.ts';
import { fakeMessageTarget } from '../../src/protocol/fake-window.ts';
import { mountPoint } from '../../src/components/test-dom.ts';
import { FieldsApp } from './fields-app.tsx';
import type { answerChallenge, chargeCard } from './charge.ts';
import { futureExpiry } from '../../src/card/test-cards.ts';

const expiry = futureExpiry();
const HOST = 'http://localhost:4242';
const root = mountPoint();
const messages = fakeMessageTarget();
let parent: { postMessage: ReturnType<typeof vi.fn> };

beforeEach(() => {
  messages.reset();
  parent = { postMessage: vi.fn() };
});

const needsBank = vi.fn<typeof chargeCard>().mockResolvedValue({ status: 'requires_action', transactionId: 'sbx_txn_9', challenge: { amount: 2500, currency: 'USD' } });

async function mount(answer: typeof answerChallenge) {
  await act(() => {
    render(<FieldsApp params={{ token: 'sbx_tok_1', parentOrigin: HOST }} events={messages.target} parent={parent as unknown as Window} charge={needsBank} answer={answer} />, root.el);
  });
}
const posted = () => parent.postMessage.mock.calls.map((c) => c[0] as ProcessorFrameToHost).filter((m) => m.type !== 'sbx.resize' && m.type !== 'sbx.change');
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

async function payWithChallengeCard() {
  for (const [name, value] of Object.entries({ 'Card number': '4000000000003220', 'Expiration date': expiry.text, 'Security code': '123', 'Postal code': '94107' })) {
    await act(() => {
      const label = [...root.el.querySelectorAll('label')].find((l) => l.textContent === name)!;
      const el = root.el.querySelector<HTMLInputElement>(`#${CSS.escape(label.htmlFor)}`)!;
      el.value = value;
      el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
    });
  }
  await act(async () => {
    messages.dispatch({ protocol: PROTOCOL, type: 'sbx.submit', requestId: 'r1' }, HOST, parent);
    await new Promise((r) => setTimeout(r, 0));
  });
}
const button = (name: string) => [...root.el.querySelectorAll('button')].find((b) => b.textContent === name)!;
const press = async (name: string) => {
  await act(() => button(name).click());
  await settle();
};

describe('the bank check inside the fields page', () => {
  it('shows the check in place of the card fields, focused, and tells the host it is open, not approved', async () => {
    const answer = vi.fn<typeof answerChallenge>();
    await mount(answer);
    await payWithChallengeCard();
    const panel = root.el.querySelector('section.sbx-challenge')!;
    expect(panel.textContent).toContain('Confirm your payment with your bank');
    expect(panel.textContent).toContain('$25.00');
    expect(document.activeElement?.textContent).toBe('Confirm your payment with your bank');
    expect(root.el.querySelector('.svp-card')!.closest('[hidden]')).not.toBeNull();
    expect(posted().slice(1)).toEqual([{ protocol: PROTOCOL, type: 'sbx.challenge', requestId: 'r1' }]);
    expect(answer).not.toHaveBeenCalled();
  });

  it('sends the buyer’s answer with the form token, then reports the outcome for the same request', async () => {
    const answer = vi.fn<typeof answerChallenge>().mockResolvedValue({ status: 'approved', transactionId: 'sbx_txn_9' });
    await mount(answer);
    await payWithChallengeCard();
    await press('Complete authentication');
    expect(answer).toHaveBeenCalledWith('sbx_tok_1', 'sbx_txn_9', 'approve');
    expect(posted().at(-1)).toEqual({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'r1', status: 'approved', transactionId: 'sbx_txn_9' });
    expect(root.el.querySelector('section.sbx-challenge')).toBeNull();
  });

  it('reports a failed check as a decline, and keeps the check open when the answer did not arrive', async () => {
    const answer = vi
      .fn<typeof answerChallenge>()
      .mockResolvedValueOnce({ status: 'error', code: 'network_error', httpStatus: 0 })
      .mockResolvedValueOnce({ status: 'declined', transactionId: 'sbx_txn_9', declineCode: 'card_declined' });
    await mount(answer);
    await payWithChallengeCard();
    await press('Fail authentication');
    expect(root.el.querySelector('[role="alert"]')?.textContent).toContain('did not reach the bank');
    expect(posted().at(-1)).toMatchObject({ type: 'sbx.challenge' });
    await press('Fail authentication');
    expect(answer).toHaveBeenLastCalledWith('sbx_tok_1', 'sbx_txn_9', 'fail');
    expect(posted().at(-1)).toEqual({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'r1', status: 'declined', transactionId: 'sbx_txn_9', declineCode: 'card_declined' });
  });
});
