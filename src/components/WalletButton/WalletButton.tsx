/**
 * The wallet element's button (Apple Pay, Google Pay) over the browser's Payment Request API. It
 * asks the browser which of the wallets it is given can pay now; with none it renders nothing and
 * says so once (`onUnavailable`). A click opens the sheet with the session's total; the sheet's
 * token goes to `onPaymentMethod`, which the frame answers after charging it, and the sheet closes
 * with `complete('success' | 'fail')`. Closing the sheet charges nothing.
 */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../locales/index.ts';
import { walletNames, type WalletType } from '../../vocab/wallets.ts';
import { firstAvailable, newRequest, tokenOf, type PaymentRequestConstructor, type WalletMethod, type WalletToken, type WalletTotal } from './wallet-request.ts';
import './wallet-button.css';

export type { WalletMethod, WalletToken, WalletTotal } from './wallet-request.ts';

/** `checking`: asking the browser; `ready`: the button; `paying`: the sheet is open or the charge runs; `paid`. */
export type WalletButtonStatus = 'checking' | 'unavailable' | 'ready' | 'paying' | 'paid';

/** Mirrors CardFieldsHandle where it means something for a wallet. */
export interface WalletButtonHandle {
  /** The approved wallet token, once the sheet gave one and the charge succeeded; null before. */
  values(): WalletToken | null;
  /** Nothing to fill in: always true. */
  validate(): boolean;
  /** Forgets an approved token and offers the button again. */
  clear(): void;
  focus(): void;
}

export interface WalletButtonProps {
  /** Wallets in the order to offer them; the first the browser can pay with is the button. */
  methods: readonly WalletMethod[];
  total: WalletTotal;
  locale?: string;
  disabled?: boolean;
  /**
   * Charges the token (the frame calls the public charge endpoint) and resolves true when paid.
   * False or a rejection closes the sheet with `fail`.
   */
  onPaymentMethod(token: WalletToken): Promise<boolean>;
  /** Apple Pay: the merchant session for the sheet's `validationURL` (`POST /v1/public/wallets/apple-session`). */
  onMerchantValidation?(validationUrl: string): Promise<unknown>;
  /** No wallet of `methods` can pay in this browser: the button is not shown. */
  onUnavailable?(): void;
  /** The button is shown for this wallet. */
  onReady?(wallet: WalletType): void;
  /** The buyer closed the sheet; nothing was charged. */
  onCancel?(): void;
  onFocus?(): void;
  onBlur?(): void;
  onEscape?(): void;
  handleRef?(handle: WalletButtonHandle | null): void;
  /** The Payment Request constructor; the browser's by default. Tests pass a fake. */
  paymentRequest?: PaymentRequestConstructor;
  /** Start in a state without asking the browser: demo states only. */
  initialStatus?: WalletButtonStatus;
  /** The wallet shown with `initialStatus`. */
  initialWallet?: WalletType;
}

const browserPaymentRequest = (): PaymentRequestConstructor | undefined =>
  typeof window !== 'undefined' && typeof window.PaymentRequest === 'function' ? window.PaymentRequest : undefined;

interface MerchantValidationEvent extends Event {
  validationURL: string;
  complete(merchantSession: Promise<unknown>): void;
}

export function WalletButton(props: WalletButtonProps): JSX.Element | null {
  const { locale, disabled = false } = props;
  const [status, setStatus] = useState<WalletButtonStatus>(props.initialStatus ?? 'checking');
  const [method, setMethod] = useState<WalletMethod | null>(() => props.methods.find((m) => m.type === props.initialWallet) ?? null);
  const [failed, setFailed] = useState(false);
  const token = useRef<WalletToken | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    if (props.initialStatus) return;
    let live = true;
    const ctor = props.paymentRequest ?? browserPaymentRequest();
    void firstAvailable(ctor, props.methods, props.total).then((found) => {
      if (!live) return;
      setMethod(found);
      setStatus(found ? 'ready' : 'unavailable');
      if (found) latest.current.onReady?.(found.type);
      else latest.current.onUnavailable?.();
    });
    return () => {
      live = false;
    };
    // Asked once per mount: the frame remounts for other wallets or another session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const handle: WalletButtonHandle = {
      values: () => token.current,
      validate: () => true,
      clear: () => {
        token.current = null;
        setFailed(false);
        setStatus((s) => (s === 'paid' ? 'ready' : s));
      },
      focus: () => button.current?.focus(),
    };
    props.handleRef?.(handle);
    return () => props.handleRef?.(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function pay() {
    const p = latest.current;
    const ctor = p.paymentRequest ?? browserPaymentRequest();
    if (!method || !ctor || status !== 'ready' || p.disabled) return;
    let request: PaymentRequest;
    try {
      request = newRequest(ctor, method, p.total);
    } catch {
      setFailed(true);
      return;
    }
    if (method.type === 'apple_pay') {
      request.addEventListener('merchantvalidation', (event) => {
        const e = event as MerchantValidationEvent;
        const validate = latest.current.onMerchantValidation;
        e.complete(validate ? validate(e.validationURL) : Promise.reject(new Error('no merchant validation')));
      });
    }
    setFailed(false);
    setStatus('paying');
    // show() first, in the click itself: browsers open a sheet only during a user gesture.
    void request.show().then(
      async (response) => {
        const found = tokenOf(method.type, response.details);
        const wallet = found === null ? null : { type: method.type, token: found };
        const ok = wallet !== null && (await latest.current.onPaymentMethod(wallet).catch(() => false));
        await response.complete(ok ? 'success' : 'fail').catch(() => undefined);
        token.current = ok ? wallet : null;
        setFailed(!ok);
        setStatus(ok ? 'paid' : 'ready');
      },
      (err: unknown) => {
        setStatus('ready');
        // AbortError: the buyer closed the sheet. Anything else: the sheet could not open.
        if (err instanceof DOMException && err.name === 'AbortError') latest.current.onCancel?.();
        else setFailed(true);
      },
    );
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') props.onEscape?.();
  }

  if (status === 'checking' || status === 'unavailable' || !method) return null;
  const name = t(locale, 'wallet.pay_with', { wallet: walletNames[method.type] });
  const busy = status === 'paying';
  return (
    <div class={`svp-wallet svp-wallet--${method.type.replace('_', '-')}`}>
      <button
        ref={button}
        type="button"
        class="svp-wallet__button"
        disabled={disabled || status === 'paid'}
        aria-busy={busy ? 'true' : 'false'}
        aria-disabled={busy ? 'true' : undefined}
        onClick={() => (busy ? undefined : pay())}
        onFocus={() => props.onFocus?.()}
        onBlur={() => props.onBlur?.()}
        onKeyDown={onKeyDown}
      >
        {name}
      </button>
      {/* Always present so screen readers announce the text when it appears. */}
      <div class="svp-wallet__error" role="status" aria-live="polite">
        {failed ? t(locale, 'wallet.failed') : ''}
      </div>
    </div>
  );
}
