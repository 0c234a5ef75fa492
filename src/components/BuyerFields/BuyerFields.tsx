/**
 * The buyer details a hosted checkout asks for before the card (issue 10): email, name and phone
 * as TextFields, then the shipping and billing addresses as AddressFields, each shown, optional or
 * required as the session's plan says (src/buyer/buyer-fields.ts, the rules the server applies
 * too). The parent asks for the values with `collect()`, which shows every problem and moves
 * focus to the first invalid input, so nothing is charged until they are right.
 */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { buyerTextMax, textProblem, type BuyerDetails, type BuyerFieldMode, type BuyerFieldPlan, type PostalAddress } from '../../buyer/buyer-fields.ts';
import { t, type MessageKey } from '../../locales/checkout.ts';
import { AddressFields, type AddressFieldsHandle, type AddressFieldsInitial } from '../AddressFields/index.ts';
import { TextField } from '../TextField/index.ts';
import './buyer-fields.css';

type TextKey = 'email' | 'name' | 'phone';
const TEXT_KEYS: readonly TextKey[] = ['email', 'name', 'phone'];

/** When a problem may show, as in AddressFields: never while typing, after leaving a filled input, after Pay. */
type Reveal = 'none' | 'blur' | 'submit';

export interface BuyerFieldsHandle {
  /** The details when every input is right; otherwise null, every problem shown and the first invalid input focused. */
  collect(): BuyerDetails | null;
}

export interface BuyerFieldsInitial {
  texts?: Partial<Record<TextKey, string>>;
  /** Show problems as if Pay had been pressed. */
  revealed?: boolean;
  shipping?: AddressFieldsInitial;
  billing?: AddressFieldsInitial;
}

export interface BuyerFieldsProps {
  plan: BuyerFieldPlan;
  locale?: string;
  /** The session's country: where the address country selects start. */
  country?: string | null;
  disabled?: boolean;
  handleRef?(handle: BuyerFieldsHandle | null): void;
  /** Pre-filled texts, for demo states and tests only. */
  initial?: BuyerFieldsInitial;
}

const TEXT: Record<TextKey, { label: MessageKey; type: 'email' | 'text' | 'tel'; autocomplete: string; invalid: MessageKey; ltr: boolean }> = {
  email: { label: 'checkout.email', type: 'email', autocomplete: 'email', invalid: 'checkout.email_invalid', ltr: true },
  name: { label: 'address.name.label', type: 'text', autocomplete: 'name', invalid: 'address.error.required', ltr: false },
  phone: { label: 'address.phone.label', type: 'tel', autocomplete: 'tel', invalid: 'address.error.invalid_phone', ltr: true },
};

const shown = (mode: BuyerFieldMode) => mode !== 'none';

/** The AddressFields value as the wire's flat address; a blank optional address is no address. */
function postal(handle: AddressFieldsHandle | null): PostalAddress | undefined {
  if (!handle) return undefined;
  const { name, address } = handle.values();
  const a: PostalAddress = { ...(name ? { name } : {}), ...address };
  return [a.line1, a.line2, a.city, a.state, a.postalCode].every((p) => !p) ? undefined : a;
}

export function BuyerFields({ plan, locale, country, disabled = false, handleRef, initial }: BuyerFieldsProps): JSX.Element | null {
  const [texts, setTexts] = useState<Record<TextKey, string>>(() => ({ email: '', name: '', phone: '', ...initial?.texts }));
  const [reveal, setReveal] = useState<Record<TextKey, Reveal>>(() => {
    const r: Reveal = initial?.revealed ? 'submit' : 'none';
    return { email: r, name: r, phone: r };
  });
  const inputs = useRef<Partial<Record<TextKey, HTMLInputElement | null>>>({});
  const shipping = useRef<AddressFieldsHandle | null>(null);
  const billing = useRef<AddressFieldsHandle | null>(null);
  const latest = useRef({ texts, plan });
  latest.current = { texts, plan };

  useEffect(() => {
    const handle: BuyerFieldsHandle = {
      collect() {
        const { texts: ts, plan: p } = latest.current;
        setReveal({ email: 'submit', name: 'submit', phone: 'submit' });
        // Each address focuses its own first invalid input; asked from the last section to the
        // first, focus ends on the first invalid input in reading order.
        const billingOk = shown(p.billingAddress) ? (billing.current?.validate() ?? false) : true;
        const shippingOk = shown(p.shippingAddress) ? (shipping.current?.validate() ?? false) : true;
        const badText = TEXT_KEYS.find((k) => textProblem(k, p[k], ts[k]) !== null);
        if (badText) inputs.current[badText]?.focus();
        if (badText || !shippingOk || !billingOk) return null;
        const details: BuyerDetails = {};
        for (const k of TEXT_KEYS) if (shown(p[k]) && ts[k].trim()) details[k] = ts[k].trim();
        const ship = shown(p.shippingAddress) ? postal(shipping.current) : undefined;
        const bill = shown(p.billingAddress) ? postal(billing.current) : undefined;
        if (ship) details.shippingAddress = ship;
        if (bill) details.billingAddress = bill;
        return details;
      },
    };
    handleRef?.(handle);
    return () => handleRef?.(null);
    // The handle reads state through `latest`; one per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const contact = TEXT_KEYS.filter((k) => shown(plan[k]));
  if (!contact.length && !shown(plan.shippingAddress) && !shown(plan.billingAddress)) return null;

  function problemShown(k: TextKey): string | null {
    const problem = textProblem(k, plan[k], texts[k]);
    if (!problem) return null;
    const visible = reveal[k] === 'submit' || (reveal[k] === 'blur' && texts[k].trim() !== '');
    return visible ? t(locale, problem === 'required' ? 'address.error.required' : TEXT[k].invalid) : null;
  }

  const defaultCountry = country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : undefined;
  const common = { locale, disabled, defaultCountry };

  return (
    <div class="svp-buyer">
      {contact.length > 0 && (
        <section class="svp-buyer__section" aria-labelledby="svp-buyer-contact">
          <h2 class="svp-buyer__heading" id="svp-buyer-contact">
            {t(locale, 'checkout.contact')}
          </h2>
          {contact.map((k) => (
            <TextField
              key={k}
              label={t(locale, TEXT[k].label)}
              name={k}
              type={TEXT[k].type}
              autocomplete={TEXT[k].autocomplete}
              maxLength={buyerTextMax[k]}
              dir={TEXT[k].ltr ? 'ltr' : undefined}
              required={plan[k] === 'required'}
              value={texts[k]}
              error={problemShown(k)}
              disabled={disabled}
              locale={locale}
              inputRef={(el) => {
                inputs.current[k] = el;
              }}
              onInput={(v) => {
                setTexts((ts) => ({ ...ts, [k]: v }));
                setReveal((r) => (r[k] === 'submit' ? r : { ...r, [k]: 'none' }));
              }}
              onBlur={() => setReveal((r) => (r[k] === 'submit' ? r : { ...r, [k]: 'blur' }))}
            />
          ))}
        </section>
      )}
      {shown(plan.shippingAddress) && (
        <AddressSection
          mode="shipping"
          {...common}
          // A parcel names its recipient: required with a required address, optional with an optional one.
          name={plan.shippingAddress === 'required' ? 'required' : 'optional'}
          required={plan.shippingAddress === 'required'}
          initial={initial?.shipping}
          handle={shipping}
        />
      )}
      {shown(plan.billingAddress) && (
        <AddressSection mode="billing" {...common} name="never" required={plan.billingAddress === 'required'} initial={initial?.billing} handle={billing} />
      )}
    </div>
  );
}

interface AddressSectionProps {
  mode: 'shipping' | 'billing';
  locale: string | undefined;
  disabled: boolean;
  defaultCountry: string | undefined;
  name: 'required' | 'optional' | 'never';
  required: boolean;
  initial: AddressFieldsInitial | undefined;
  handle: { current: AddressFieldsHandle | null };
}

/** One address of the buyer's, under its own heading: the address element's own component. */
function AddressSection({ mode, locale, disabled, defaultCountry, name, required, initial, handle }: AddressSectionProps): JSX.Element {
  const headingId = `svp-buyer-${mode}`;
  return (
    <section class="svp-buyer__section" aria-labelledby={headingId}>
      <h2 class="svp-buyer__heading" id={headingId}>
        {t(locale, mode === 'shipping' ? 'address.group.shipping' : 'address.group.billing')}
      </h2>
      <AddressFields
        mode={mode}
        locale={locale}
        disabled={disabled}
        defaultCountry={defaultCountry}
        fields={{ name, phone: 'never' }}
        required={required}
        initial={initial}
        handleRef={(h) => {
          handle.current = h;
        }}
      />
    </section>
  );
}
