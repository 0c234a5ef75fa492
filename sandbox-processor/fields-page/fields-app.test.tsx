// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL, type ProcessorFrameToHost } from '../../src/protocol/messages.ts';
import { fakeMessageTarget } from '../../src/protocol/fake-window.ts';
import { mountPoint } from '../../src/components/test-dom.ts';
import { FieldsApp } from './fields-app.tsx';
import type { chargeCard } from './charge.ts';
import { futureExpiry } from '../../src/card/test-cards.ts';

const expiry = futureExpiry();

const HOST = 'http://localhost:4242';
const root = mountPoint();
let parent: { postMessage: ReturnType<typeof vi.fn> };
const messages = fakeMessageTarget();
const events = messages.target;

beforeEach(() => {
  messages.reset();
  parent = { postMessage: vi.fn() };
});

async function mount(charge: typeof chargeCard = vi.fn()) {
  await act(() => {
    render(
      <FieldsApp params={{ token: 'sbx_tok_1', parentOrigin: HOST }} events={events} parent={parent as unknown as Window} charge={charge} />,
      root.el,
    );
  });
}

async function deliver(data: unknown, origin = HOST, source: unknown = parent) {
  await act(async () => {
    messages.dispatch(data, origin, source);
    await new Promise((r) => setTimeout(r, 0));
  });
}

function posted(): ProcessorFrameToHost[] {
  for (const call of parent.postMessage.mock.calls) expect(call[1]).toBe(HOST);
  return parent.postMessage.mock.calls.map((c) => c[0] as ProcessorFrameToHost);
}

function input(name: string): HTMLInputElement {
  const label = [...root.el.querySelectorAll('label')].find((l) => l.textContent === name)!;
  return root.el.querySelector<HTMLInputElement>(`#${CSS.escape(label.htmlFor)}`)!;
}

async function fill(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    await act(() => {
      const el = input(name);
      el.value = value;
      el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
    });
  }
}

const submit = { protocol: PROTOCOL, type: 'sbx.submit', requestId: 'r1' };

describe('sandbox fields page', () => {
  it('announces ready, then its height, to the host origin only', async () => {
    await mount();
    const [ready, ...rest] = posted();
    expect(ready).toEqual({ protocol: PROTOCOL, type: 'sbx.ready' });
    expect(rest.every((m) => m.type === 'sbx.resize' && Number.isInteger(m.height))).toBe(true);
    expect(parent.postMessage.mock.calls.every(([, origin]) => origin === HOST)).toBe(true);
  });

  it('renders the named card inputs with a postal code', async () => {
    await mount();
    for (const name of ['Card number', 'Expiration date', 'Security code', 'Postal code']) expect(input(name)).toBeTruthy();
  });

  it('reports changes without card data', async () => {
    await mount();
    await fill({ 'Card number': '4242' });
    expect(posted().at(-1)).toEqual({ protocol: PROTOCOL, type: 'sbx.change', complete: false, empty: false, brand: 'visa' });
  });

  it('answers invalid when the fields are not complete, without charging', async () => {
    const charge = vi.fn();
    await mount(charge);
    await deliver(submit);
    expect(charge).not.toHaveBeenCalled();
    expect(posted().at(-1)).toEqual({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'r1', status: 'invalid' });
  });

  it('charges with the token and digits-only card, then reports the transaction', async () => {
    const charge = vi.fn<typeof chargeCard>().mockResolvedValue({ status: 'approved', transactionId: 'sbx_txn_1' });
    await mount(charge);
    await fill({ 'Card number': '4242 4242 4242 4242', 'Expiration date': expiry.text, 'Security code': '123', 'Postal code': '94107' });
    await deliver(submit);
    expect(charge).toHaveBeenCalledWith('sbx_tok_1', { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc: '123', postalCode: '94107' });
    expect(posted().at(-1)).toEqual({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'r1', status: 'approved', transactionId: 'sbx_txn_1' });
    expect(input('Card number').disabled).toBe(true);
  });

  it('passes the decline code on and keeps the spent form locked until the host resets it (issue 38)', async () => {
    const charge = vi.fn<typeof chargeCard>().mockResolvedValue({ status: 'declined', transactionId: 'sbx_txn_2', declineCode: 'card_declined' });
    await mount(charge);
    await fill({ 'Card number': '4000000000000002', 'Expiration date': '1234', 'Security code': '123', 'Postal code': '94107' });
    await deliver(submit);
    expect(posted().at(-1)).toMatchObject({ type: 'sbx.result', status: 'declined', transactionId: 'sbx_txn_2', declineCode: 'card_declined' });
    // The host mounts a fresh form with a fresh token: nothing the buyer types here would be kept.
    expect(input('Card number').disabled).toBe(true);
    await deliver({ protocol: PROTOCOL, type: 'sbx.reset' });
    expect(input('Card number').disabled).toBe(false);
  });

  it('reports error when the charge call fails', async () => {
    const charge = vi.fn<typeof chargeCard>().mockResolvedValue({ status: 'error', code: 'token_used', httpStatus: 409 });
    await mount(charge);
    await fill({ 'Card number': '4242424242424242', 'Expiration date': '1234', 'Security code': '123', 'Postal code': '94107' });
    await deliver(submit);
    expect(posted().at(-1)).toEqual({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'r1', status: 'error' });
  });

  it('ignores messages from another origin, another window or of another shape', async () => {
    const charge = vi.fn();
    await mount(charge);
    const before = posted().length;
    await deliver(submit, 'http://evil.test');
    await deliver(submit, HOST, {});
    await deliver({ ...submit, requestId: 'bad id!' });
    await deliver({ type: 'sbx.submit', requestId: 'r1' });
    expect(posted()).toHaveLength(before);
  });

  it('focuses the card number when the host asks (a fresh form after a decline, issue 38)', async () => {
    await mount();
    expect(document.activeElement).not.toBe(input('Card number'));
    await deliver({ protocol: PROTOCOL, type: 'sbx.focus' });
    expect(document.activeElement).toBe(input('Card number'));
  });

  it('clears the fields on reset', async () => {
    await mount();
    await fill({ 'Card number': '4242' });
    await deliver({ protocol: PROTOCOL, type: 'sbx.reset' });
    expect(input('Card number').value).toBe('');
  });
});
