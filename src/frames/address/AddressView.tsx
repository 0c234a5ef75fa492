/**
 * The `address` element's view: AddressFields as the session's collection modes ask for it
 * (addressOptionsFor over `GET /v1/public/sessions/{id}`), in the mode the merchant chose. Its
 * `change` carries the value (AddressState); on confirm, a billing address is what the controller
 * collects for the charge's `billingAddress`, a shipping address is checked but not sent.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { AddressFields, addressOptionsFor, type AddressOptions } from '../../components/AddressFields/index.ts';
import { getPublicSession } from '../../client/public.ts';
import type { AddressState } from '../../protocol/messages.ts';
import type { ElementViewProps } from '../field/FieldFrame.tsx';

/** A session that collects no such address: nothing to ask, nothing to send, always complete. */
const nothingAsked = (country: string): AddressState => ({
  elementType: 'address',
  empty: true,
  complete: true,
  error: null,
  value: { address: { line1: '', line2: '', city: '', state: '', postalCode: '', country } },
});

export function AddressView({ params, options, disabled, link, handleRef }: ElementViewProps): JSX.Element | null {
  const mode = options.mode ?? 'billing';
  // undefined: reading the session; null: the session collects no address of this mode.
  const [asked, setAsked] = useState<AddressOptions | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void getPublicSession(params.sessionId, params.publishableKey).then((res) => {
      if (!live) return;
      // Unreadable session: ask for the address anyway, with the defaults (the charge will tell).
      const next = addressOptionsFor(res.ok ? res.data : {}, mode);
      setAsked(next);
      if (next === null) {
        link.ready(nothingAsked('US'));
        handleRef({ values: () => ({}), validate: () => true, clear: () => undefined, focus: () => undefined });
      }
    });
    return () => {
      live = false;
    };
    // The mode is fixed at create(); the frame reloads for another session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!asked) return null;
  return (
    <AddressFields
      {...asked}
      mode={mode}
      locale={params.locale}
      disabled={disabled}
      onReady={(s) => link.ready(s)}
      onChange={(s) => link.change(s)}
      onFocus={() => link.event('focus')}
      onBlur={() => link.event('blur')}
      onEscape={() => link.event('escape')}
      handleRef={(h) =>
        // Only a billing address goes into the charge; a shipping one is validated, not sent.
        handleRef(h && { values: () => (mode === 'billing' ? h.values() : {}), validate: h.validate, clear: h.clear, focus: h.focus })
      }
    />
  );
}
