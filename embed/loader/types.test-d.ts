/**
 * Type contract tests (STYLE.md habit 6), checked by `tsc --noEmit` and never run: right calls
 * compile, wrong ones fail under `@ts-expect-error` (which itself fails if the call compiles).
 */
import type { SupportedLocale as Catalogued } from '../../src/locales/index.ts';
import type { Appearance as CheckedAppearance } from '../../src/protocol/appearance.ts';
import { loadSvcPay } from './index.ts';
import type {
  Appearance,
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

// The published appearance names are exactly the ones the embed and the frames check.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Rules = NonNullable<Appearance['rules']>;
type CheckedRules = NonNullable<CheckedAppearance['rules']>;
const sameAppearance: [
  Equal<keyof NonNullable<Appearance['variables']>, keyof NonNullable<CheckedAppearance['variables']>>,
  Equal<keyof Rules, keyof CheckedRules>,
  Equal<keyof NonNullable<Rules['.Input']>, keyof NonNullable<CheckedRules['.Input']>>,
  Equal<keyof NonNullable<Rules['.Label']>, keyof NonNullable<CheckedRules['.Label']>>,
  Equal<Appearance['theme'], CheckedAppearance['theme']>,
] = [true, true, true, true, true];
void sameAppearance;

// The implementation matches the published declaration (index.d.ts).
const declared: (publishableKey: string, options?: LoadSvcPayOptions) => Promise<SvcPay> = loadSvcPay;
void declared;

export async function rightCalls(): Promise<void> {
  const svcpay = await loadSvcPay('vp_pk_test_123', { locale: 'fr', scriptUrl: 'https://pay.example/js/v1/svcpay.js' });
  const fromGlobal: SvcPay | undefined = window.SvcPay?.('vp_pk_test_123');
  void fromGlobal;

  const elements = svcpay.elements({ sessionId: 'cs_123', appearance: { theme: 'night', variables: { colorText: '#111' } }, locale: 'en' });
  svcpay.elements({
    sessionId: 'cs_123',
    appearance: {
      theme: 'flat',
      variables: { spacingUnit: '5px', fontFamily: 'Inter, system-ui', borderRadius: '2px', colorSurface: '#fff' },
      rules: {
        '.Input': { boxShadow: '0 1px 2px rgba(0,0,0,.1)', padding: '8px 10px' },
        '.Input:focus': { borderColor: '#0a6', outlineColor: '#0a6' },
        '.Input--invalid': { color: '#b00' },
        '.Label': { textTransform: 'uppercase', letterSpacing: '0.05em' },
        '.Error': { fontSize: '13px' },
      },
    },
  });
  const card: SvcPayElement = elements.create('card', { hidePostalCode: true, placeholder: 'Card' });
  elements.create('cardNumber');
  elements.create('cardExpiry');
  elements.create('cardCvc');
  const address = elements.create('address', { mode: 'shipping' });
  address.on('change', (e) => {
    const postal: string | undefined = e.value?.address.postalCode;
    const name: string | undefined = e.value?.name;
    void [postal, name];
  });
  const wallet = elements.create('wallet');
  wallet
    .on('unavailable', (e) => void e.elementType)
    .on('result', (e) => {
      const status: 'succeeded' | 'processing' | 'failed' | 'canceled' | string = e.status;
      const intent: string | null | undefined = e.paymentIntentId;
      const type: 'wallet' = e.elementType;
      void [status, intent, type];
    });
  // @ts-expect-error an address is billing or shipping, nothing else
  elements.create('address', { mode: 'home' });
  // @ts-expect-error no such element event
  wallet.on('paid', () => {});
  // @ts-expect-error a result carries no card data
  wallet.on('result', (e) => void e.card);
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
  if (checkout.error) void checkout.error.code;
  else {
    checkout.on('ready', (e) => void e.sessionId);
    checkout.on('success', (e) => void (e.paymentIntentId satisfies string | null | undefined));
    checkout.on('failure', (e) => void (e.error.declineCode satisfies string | null | undefined)).off('failure');
    checkout.destroy();
  }
  await svcpay.mountCheckout(document.createElement('div'), { sessionId: 'cs_123', locale: 'de' });
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
  // @ts-expect-error unknown theme
  svcpay.elements({ sessionId: 'cs_1', appearance: { theme: 'dark' } });
  // @ts-expect-error unknown variable
  svcpay.elements({ sessionId: 'cs_1', appearance: { variables: { colourText: '#111' } } });
  // @ts-expect-error unknown rule selector
  svcpay.elements({ sessionId: 'cs_1', appearance: { rules: { '.Tab': { color: '#111' } } } });
  // @ts-expect-error labels take text properties only
  svcpay.elements({ sessionId: 'cs_1', appearance: { rules: { '.Label': { backgroundColor: '#111' } } } });
  // @ts-expect-error no outline shorthand: focus stays visible
  svcpay.elements({ sessionId: 'cs_1', appearance: { rules: { '.Input:focus': { outline: 'none' } } } });
  // @ts-expect-error values are strings
  svcpay.elements({ sessionId: 'cs_1', appearance: { variables: { fontSize: 16 } } });
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
  // @ts-expect-error mountCheckout needs the sessionId
  await svcpay.mountCheckout('#checkout', {});
  // @ts-expect-error mountCheckout takes a selector or an element
  await svcpay.mountCheckout(42, { sessionId: 'cs_1' });
  const mounted = await svcpay.mountCheckout('#checkout', { sessionId: 'cs_1' });
  // @ts-expect-error the result may be { error }: check it before using the checkout
  mounted.on('ready', () => {});
  if (!mounted.error) {
    // @ts-expect-error unknown checkout event
    mounted.on('change', () => {});
    // @ts-expect-error success carries no card data
    mounted.on('success', (e) => void e.card);
  }
  // @ts-expect-error scriptUrl is a string
  await loadSvcPay('vp_pk_test_1', { scriptUrl: new URL('http://x') });
}

// The public list of languages is the list the catalogues have (src/locales), no more, no less.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const localesMatch: Same<SupportedLocale, Catalogued> = true;
