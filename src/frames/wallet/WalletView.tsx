/**
 * The `wallet` element's view: WalletButton with the session's total, paying on its own. On the
 * buyer's approval this frame charges the session with the wallet token (the public charge
 * endpoint, `{ wallet }`) and reports the outcome as the element's `result`; the controller
 * collects nothing from it (src/elements/registry.ts). No wallet in the browser: `unavailable`,
 * and the frame's content is empty (zero height).
 *
 * The Apple Pay `domain` is the merchant page's hostname as this frame learned it from the embed
 * (`parentOrigin` in the hash), checked against the browser's own word where it gives one
 * (`location.ancestorOrigins`), never a value the page hands over in a message.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { chargeSession } from '../../client/charge.ts';
import { getPublicSession } from '../../client/public.ts';
import { appleSession, googleSession } from '../../client/wallets.ts';
import { applePayMethodData, WalletButton, type WalletMethod, type WalletTotal } from '../../components/WalletButton/index.ts';
import type { WalletState } from '../../protocol/messages.ts';
import { fromCharge } from '../controller/result.ts';
import type { ElementViewProps } from '../field/FieldFrame.tsx';
import './wallet.css';

const idle: WalletState = { elementType: 'wallet', empty: true, complete: false };

/** The merchant page's hostname, when the browser agrees this frame sits on it; else null. */
export function merchantDomain(parentOrigin: string, ancestor: string | undefined): string | null {
  if (ancestor !== undefined && ancestor !== parentOrigin) return null;
  try {
    return new URL(parentOrigin).hostname;
  } catch {
    return null;
  }
}

interface Setup {
  methods: WalletMethod[];
  total: WalletTotal;
}

export function WalletView({ params, disabled, link, handleRef }: ElementViewProps): JSX.Element | null {
  const { sessionId, publishableKey } = params;
  // undefined: reading the session; null: nothing to offer.
  const [setup, setSetup] = useState<Setup | null | undefined>(undefined);
  const domain = merchantDomain(params.parentOrigin, location.ancestorOrigins?.[0]);

  useEffect(() => {
    let live = true;
    void Promise.all([getPublicSession(sessionId, publishableKey), googleSession(publishableKey, { sessionId })]).then(([session, google]) => {
      if (!live) return;
      const methods: WalletMethod[] = [];
      if (session.ok && domain) methods.push({ type: 'apple_pay', data: applePayMethodData(session.data.country ?? 'US') });
      if (google.ok) methods.push({ type: 'google_pay', data: google.data });
      if (!session.ok || methods.length === 0) {
        setSetup(null);
        link.event('unavailable', idle);
        return;
      }
      setSetup({ methods, total: { amount: session.data.amount, currency: session.data.currency, label: session.data.merchantName } });
    });
    return () => {
      live = false;
    };
    // Once per frame: another session mounts another frame.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!setup) return null;
  return (
    <WalletButton
      methods={setup.methods}
      total={setup.total}
      locale={params.locale}
      disabled={disabled}
      onReady={(wallet) => link.change({ ...idle, wallet })}
      onUnavailable={() => link.event('unavailable', idle)}
      onMerchantValidation={async (validationUrl) => {
        const res = await appleSession(publishableKey, { sessionId, validationUrl, domain: domain ?? '' });
        if (!res.ok) throw new Error(res.error.code);
        return res.data;
      }}
      onPaymentMethod={async (token) => {
        const result = fromCharge(await chargeSession(sessionId, publishableKey, { wallet: token }), sessionId, params.locale);
        const paid = result.status === 'succeeded';
        link.event('result', { elementType: 'wallet', empty: false, complete: paid, wallet: token.type, result });
        return paid;
      }}
      onFocus={() => link.event('focus')}
      onBlur={() => link.event('blur')}
      onEscape={() => link.event('escape')}
      // Nothing for the controller to collect: a wallet pays here.
      handleRef={(h) => handleRef(h && { values: () => ({}), validate: () => true, clear: h.clear, focus: h.focus })}
    />
  );
}
