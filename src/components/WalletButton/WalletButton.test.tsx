// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentSheetStub, type PaymentSheetLog, type PaymentSheetOptions } from '../../../e2e/fixtures/payment-sheet-stub.ts';
import { mountPoint } from '../test-dom.ts';
import { applePayMethodData, WalletButton, type WalletButtonHandle, type WalletButtonProps, type WalletToken } from './index.ts';
import { tokenOf } from './wallet-request.ts';
import fr from '../../locales/fr.json';

const root = mountPoint();
const GOOGLE = 'https://google.com/pay';
const APPLE = 'https://apple.com/apple-pay';

const google = { type: 'google_pay' as const, data: { apiVersion: 2, apiVersionMinor: 0, environment: 'TEST' } };
const apple = { type: 'apple_pay' as const, data: applePayMethodData('us') };
const total = { amount: 2500, currency: 'usd', label: 'Tea Shop' };

/** The stand-in payment sheet of the e2e tests, installed on happy-dom's window. */
function sheet(options: PaymentSheetOptions): PaymentSheetLog {
  paymentSheetStub(options);
  return (window as unknown as { __paymentSheet: PaymentSheetLog }).__paymentSheet;
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>).PaymentRequest;
});

/** Lets pending promises (canMakePayment, show, the charge) run and Preact render their results. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });

async function mount(props: Partial<WalletButtonProps> = {}) {
  let handle: WalletButtonHandle | null = null;
  const calls = {
    onPaymentMethod: vi.fn<(t: WalletToken) => Promise<boolean>>(async () => true),
    onUnavailable: vi.fn(),
    onReady: vi.fn(),
    onCancel: vi.fn(),
    onEscape: vi.fn(),
  };
  await act(() => {
    render(<WalletButton methods={[google, apple]} total={total} {...calls} handleRef={(h) => (handle = h)} {...props} />, root.el);
  });
  await settle();
  return { ...calls, handle: () => handle! };
}

const button = () => root.el.querySelector('button');
const status = () => root.el.querySelector('[role="status"]')?.textContent ?? null;
const click = async () => {
  await act(() => button()!.click());
  await settle();
};

describe('WalletButton: which wallet, if any', () => {
  it('shows a keyboard-usable button named after the wallet the browser offers', async () => {
    sheet({ available: true, methods: [GOOGLE] });
    const m = await mount();
    expect(button()!.textContent).toBe('Pay with Google Pay');
    expect(button()!.type).toBe('button');
    expect(button()!.disabled).toBe(false);
    expect(m.onReady).toHaveBeenCalledWith('google_pay');
    m.handle().focus();
    expect(document.activeElement).toBe(button());
  });

  it('offers Apple Pay where only Apple Pay can pay, even when Google Pay is listed first', async () => {
    sheet({ available: true, methods: [APPLE] });
    const m = await mount();
    expect(button()!.textContent).toBe('Pay with Apple Pay');
    expect(m.onReady).toHaveBeenCalledWith('apple_pay');
  });

  it('renders nothing and says so once when the browser cannot pay with a wallet', async () => {
    sheet({ available: false });
    const m = await mount();
    expect(root.el.innerHTML).toBe('');
    expect(m.onUnavailable).toHaveBeenCalledOnce();
    expect(m.onReady).not.toHaveBeenCalled();
  });

  it('renders nothing where the browser has no Payment Request API at all', async () => {
    const m = await mount();
    expect(root.el.innerHTML).toBe('');
    expect(m.onUnavailable).toHaveBeenCalledOnce();
  });

  it('translates its name, keeping the wallet name', async () => {
    sheet({ available: true, methods: [APPLE] });
    await mount({ locale: 'fr' });
    expect(button()!.textContent).toBe(fr['wallet.pay_with'].replace('{wallet}', 'Apple Pay'));
  });
});

describe('WalletButton: paying', () => {
  it("opens the sheet with the session's total, hands the token over and closes the sheet with success", async () => {
    const log = sheet({ available: true, methods: [GOOGLE], token: 'tok_sandbox_mastercard_4444' });
    const m = await mount();
    expect(m.handle().values()).toBeNull();
    await click();
    expect(log.shown).toEqual([[GOOGLE]]);
    expect(log.totals).toEqual([{ currency: 'USD', value: '25.00', label: 'Tea Shop' }]);
    expect(m.onPaymentMethod).toHaveBeenCalledExactlyOnceWith({ type: 'google_pay', token: 'tok_sandbox_mastercard_4444' });
    expect(log.completed).toEqual(['success']);
    expect(m.handle().values()).toEqual({ type: 'google_pay', token: 'tok_sandbox_mastercard_4444' });
    expect(m.handle().validate()).toBe(true);
    // Paid: a second click cannot pay again.
    expect(button()!.disabled).toBe(true);
  });

  it('is busy while the charge runs and does not open a second sheet', async () => {
    const log = sheet({ available: true, methods: [GOOGLE] });
    let answer: (ok: boolean) => void = () => {};
    const m = await mount({ onPaymentMethod: vi.fn(() => new Promise<boolean>((r) => (answer = r))) });
    await click();
    expect(button()!.getAttribute('aria-busy')).toBe('true');
    await click();
    expect(log.shown).toHaveLength(1);
    await act(() => answer(true));
    await settle();
    expect(button()!.getAttribute('aria-busy')).toBe('false');
    expect(m.handle().values()).not.toBeNull();
  });

  it('charges nothing when the buyer closes the sheet, and offers the button again', async () => {
    const log = sheet({ available: true, methods: [GOOGLE], cancel: true });
    const m = await mount();
    await click();
    expect(m.onCancel).toHaveBeenCalledOnce();
    expect(m.onPaymentMethod).not.toHaveBeenCalled();
    expect(log.completed).toEqual([]);
    expect(button()!.disabled).toBe(false);
    expect(status()).toBe('');
  });

  it.each([
    ['declined', async () => false],
    ['refused', async () => Promise.reject(new Error('network'))],
  ])('closes the sheet with fail when the charge is %s, says so, and lets the buyer try again', async (_name, onPaymentMethod) => {
    const log = sheet({ available: true, methods: [GOOGLE] });
    const m = await mount({ onPaymentMethod: vi.fn(onPaymentMethod) });
    await click();
    expect(log.completed).toEqual(['fail']);
    expect(m.handle().values()).toBeNull();
    expect(status()).toBe('Your payment did not go through. Try again or pay another way.');
    expect(button()!.disabled).toBe(false);
    await click();
    expect(log.shown).toHaveLength(2);
  });

  it('asks for the Apple Pay merchant session with the sheet’s validation URL before paying', async () => {
    const log = sheet({ available: true, methods: [APPLE] });
    const merchantSession = { merchantSessionIdentifier: 'SSH1', domainName: 'shop.example.com' };
    const onMerchantValidation = vi.fn(async () => merchantSession);
    const m = await mount({ onMerchantValidation });
    await click();
    expect(onMerchantValidation).toHaveBeenCalledExactlyOnceWith('https://apple-pay-gateway.apple.com/paymentservices/startSession');
    expect(log.merchantSessions).toEqual([merchantSession]);
    expect(m.onPaymentMethod).toHaveBeenCalledExactlyOnceWith({ type: 'apple_pay', token: 'tok_sandbox_visa_4242' });
    expect(log.completed).toEqual(['success']);
  });

  it('charges nothing when Apple Pay merchant validation fails', async () => {
    const log = sheet({ available: true, methods: [APPLE] });
    const m = await mount({ onMerchantValidation: vi.fn(async () => Promise.reject(new Error('wallet_domain_not_verified'))) });
    await click();
    expect(m.onPaymentMethod).not.toHaveBeenCalled();
    expect(log.completed).toEqual([]);
    expect(button()!.disabled).toBe(false);
  });

  it('clear() forgets the approved token and offers the button again', async () => {
    sheet({ available: true, methods: [GOOGLE] });
    const m = await mount();
    await click();
    expect(m.handle().values()).not.toBeNull();
    await act(() => m.handle().clear());
    expect(m.handle().values()).toBeNull();
    expect(button()!.disabled).toBe(false);
  });

  it('does nothing while the page disables it', async () => {
    const log = sheet({ available: true, methods: [GOOGLE] });
    await mount({ disabled: true });
    expect(button()!.disabled).toBe(true);
    await click();
    expect(log.shown).toEqual([]);
  });

  it('reports Escape', async () => {
    sheet({ available: true, methods: [GOOGLE] });
    const m = await mount();
    await act(() => {
      button()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(m.onEscape).toHaveBeenCalledOnce();
  });
});

describe('tokenOf', () => {
  it("reads each wallet's token, and Apple's object payment data as JSON text", () => {
    expect(tokenOf('google_pay', { paymentMethodData: { tokenizationData: { token: 't1' } } })).toBe('t1');
    expect(tokenOf('apple_pay', { token: { paymentData: 't2' } })).toBe('t2');
    expect(tokenOf('apple_pay', { token: { paymentData: { version: 'EC_v1', data: 'x' } } })).toBe('{"version":"EC_v1","data":"x"}');
    expect(tokenOf('google_pay', { token: { paymentData: 't2' } })).toBeNull();
    expect(tokenOf('google_pay', null)).toBeNull();
    expect(tokenOf('apple_pay', { token: { paymentData: '' } })).toBeNull();
  });
});
