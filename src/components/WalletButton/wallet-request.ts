/**
 * The Payment Request API calls of the wallet button, apart from its rendering: which wallet the
 * browser offers, the request a sheet is opened with, and the token read from the sheet's answer.
 */
import { majorAmount } from '../../vocab/currencies.ts';
import { appleMerchantIdentifier, walletMethodIds, walletNetworks, type WalletType } from '../../vocab/wallets.ts';

/** One wallet the button may offer, with the method data its sheet needs. */
export interface WalletMethod {
  type: WalletType;
  /**
   * `google_pay`: the PaymentDataRequest from `POST /v1/public/wallets/google-session`.
   * `apple_pay`: an ApplePayRequest; `applePayMethodData()` makes the service's.
   */
  data: object;
}

/** The token the frame charges: `{ wallet: { type, token } }` of the public charge endpoint. */
export interface WalletToken {
  type: WalletType;
  token: string;
}

export interface WalletTotal {
  /** Minor units. */
  amount: number;
  currency: string;
  /** What the sheet names the total (Apple Pay shows it as the payee): the merchant's name. */
  label: string;
}

export type PaymentRequestConstructor = new (methods: PaymentMethodData[], details: PaymentDetailsInit) => PaymentRequest;

/** Apple Pay's method data for the service's merchant identifier; `countryCode` is the merchant's. */
export function applePayMethodData(countryCode: string): object {
  return {
    version: 3,
    merchantIdentifier: appleMerchantIdentifier,
    merchantCapabilities: ['supports3DS'],
    supportedNetworks: [...walletNetworks],
    countryCode: countryCode.toUpperCase(),
  };
}

export function newRequest(ctor: PaymentRequestConstructor, method: WalletMethod, total: WalletTotal): PaymentRequest {
  return new ctor([{ supportedMethods: walletMethodIds[method.type], data: method.data }], {
    total: { label: total.label, amount: { currency: total.currency.toUpperCase(), value: majorAmount(total.amount, total.currency) } },
  });
}

/**
 * The first of `methods` the browser can pay with now, or null. One request per wallet: a browser
 * answers `canMakePayment()` for its own wallet and false (or throws) for another's.
 */
export async function firstAvailable(ctor: PaymentRequestConstructor | undefined, methods: readonly WalletMethod[], total: WalletTotal): Promise<WalletMethod | null> {
  if (!ctor) return null;
  for (const method of methods) {
    try {
      if (await newRequest(ctor, method, total).canMakePayment()) return method;
    } catch {
      // Not a method this browser knows, or payments are not allowed in this frame.
    }
  }
  return null;
}

/**
 * The token in a sheet's answer: Google Pay's `paymentMethodData.tokenizationData.token`, or Apple
 * Pay's `token.paymentData` (JSON text when it is an object, as the real one is). Null when the
 * answer carries none.
 */
export function tokenOf(type: WalletType, details: unknown): string | null {
  const raw = type === 'google_pay' ? at(details, 'paymentMethodData', 'tokenizationData', 'token') : at(details, 'token', 'paymentData');
  if (typeof raw === 'string') return raw === '' ? null : raw;
  if (raw && typeof raw === 'object') return JSON.stringify(raw);
  return null;
}

/** `value[k1][k2]…`, or undefined where a step is not an object. */
function at(value: unknown, ...keys: string[]): unknown {
  let v = value;
  for (const k of keys) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}
