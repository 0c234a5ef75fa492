/**
 * Type contract tests (STYLE.md habit 6), checked by `tsc --noEmit` and never run: right calls
 * compile, wrong ones fail under `@ts-expect-error` (which itself fails if the call compiles).
 */
import type { SupportedLocale as Catalogued } from '../../src/locales/index.ts';
import { loadSvcPay } from './index.ts';
import type {
  CardBrand,
  ConfirmPaymentResult,
  CreateTokenResult,
  ElementChangeEvent,
  ElementsErrorEvent,
  LoadSvcPayOptions,
  Locale,
  SupportedLocale,
  SvcPay,
  SvcPayConstructor,
  SvcPayElement,
} from './types.js';

// The implementation matches the published declaration (index.d.ts).
const declared: (publishableKey: string, options?: LoadSvcPayOptions) => Promise<SvcPay> = loadSvcPay;
void declared;

export async function rightCalls(): Promise<void> {
  const svcpay = await loadSvcPay('vp_pk_test_123', { locale: 'fr', scriptUrl: 'https://pay.example/js/v1/svcpay.js' });
  const fromGlobal: SvcPay | undefined = window.SvcPay?.('vp_pk_test_123');
  void fromGlobal;

  const elements = svcpay.elements({ sessionId: 'cs_123', appearance: { theme: 'night', variables: { colorText: '#111' } }, locale: 'en' });
  const card: SvcPayElement = elements.create('card', { hidePostalCode: true, placeholder: 'Card' });
  elements.create('cardNumber');
  elements.create('cardExpiry');
  elements.create('cardCvc');
  elements.create('address');
  elements.create('wallet');
  card.mount('#card');
  card.mount(document.createElement('div'));
  card
    .on('change', (e) => {
      const brand: string | undefined = e.brand;
      const complete: boolean = e.complete;
      const message: string | undefined = e.error?.message;
      void [brand, complete, message];
    })
    .on('ready', (e) => void e.elementType)
    .on('focus', () => {})
    .on('blur', () => {})
    .on('escape', () => {});
  card.update({ disabled: true });
  card.unmount();
  card.destroy();

  const result: ConfirmPaymentResult = await svcpay.confirmPayment({ elements });
  if (result.status === 'failed') {
    const code: string | undefined = result.error?.code;
    const declineCode: string | null | undefined = result.error?.declineCode;
    const attempts: number | undefined = result.retry?.attempts_remaining;
    void [code, declineCode, attempts];
  }
  const token: CreateTokenResult = await svcpay.createToken({ elements });
  if (token.error) void token.error.message;
  else {
    const { id, card: shown } = token.token;
    const last4: string | null = shown.last4;
    const expMonth: number | null = shown.expMonth;
    const expYear: number | null = shown.expYear;
    const brand: CardBrand = shown.brand;
    void [id, last4, expMonth, expYear, brand];
  }
  const onError = (e: ElementsErrorEvent) => void [e.code, e.message];
  elements.on('error', onError).off('error', onError).off('error');
  svcpay.elements({ sessionId: 'cs_123', locale: 'auto' });
  svcpay.elements({ sessionId: 'cs_123', locale: 'de-AT' });
  const supported: Locale = 'pt-BR' satisfies SupportedLocale;
  window.SvcPay?.('vp_pk_test_123', { locale: supported });
  const checkout = await svcpay.mountCheckout('#checkout', { sessionId: 'cs_123' });
  if (!checkout.error) checkout.checkout.destroy();
}

export async function wrongCalls(svcpay: SvcPay, SvcPay: SvcPayConstructor): Promise<void> {
  // @ts-expect-error publishable key is required
  SvcPay();
  // @ts-expect-error unknown option
  SvcPay('vp_pk_test_1', { theme: 'dark' });
  // @ts-expect-error sessionId is required
  svcpay.elements({});
  // @ts-expect-error sessionId is a string
  svcpay.elements({ sessionId: 42 });
  const elements = svcpay.elements({ sessionId: 'cs_1' });
  // @ts-expect-error unknown element type
  elements.create('iban');
  // @ts-expect-error unknown element option
  elements.create('card', { style: {} });
  const card = elements.create('card');
  // @ts-expect-error unknown event name
  card.on('submit', () => {});
  // @ts-expect-error change payload has no card value
  card.on('change', (e: ElementChangeEvent) => void e.value);
  // @ts-expect-error ready payload has no `complete`
  card.on('ready', (e) => void e.complete);
  // @ts-expect-error mount takes a selector or an element
  card.mount(42);
  // @ts-expect-error confirmPayment needs the elements group
  await svcpay.confirmPayment({});
  // @ts-expect-error the elements group has the error event only
  elements.on('change', () => {});
  // @ts-expect-error error events carry a code and a message, never card data
  elements.on('error', (e) => void e.number);
  // @ts-expect-error createToken needs the elements group
  await svcpay.createToken({});
  // @ts-expect-error the token's card is camelCase, like the rest of the browser API
  void (await svcpay.createToken({ elements })).token?.card.exp_month;
  // @ts-expect-error status is a closed union
  const s: 'requires_action' = (await svcpay.confirmPayment({ elements })).status;
  void s;
  // @ts-expect-error locale is a language tag
  svcpay.elements({ sessionId: 'cs_1', locale: 42 });
  // @ts-expect-error locale is one tag, not a list
  SvcPay('vp_pk_test_1', { locale: ['fr', 'en'] });
  // @ts-expect-error not a language svcpay has
  const unsupported: SupportedLocale = 'xx';
  void unsupported;
  // @ts-expect-error scriptUrl is a string
  await loadSvcPay('vp_pk_test_1', { scriptUrl: new URL('http://x') });
}

// The public list of languages is the list the catalogues have (src/locales), no more, no less.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const localesMatch: Same<SupportedLocale, Catalogued> = true;
