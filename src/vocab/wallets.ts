/**
 * Wallet payments vocabulary (Doc 1, public endpoints `wallets/apple-session` and
 * `wallets/google-session`; docs/merchant.md, Wallets). Shared by the wire schemas, the engine, the sandbox
 * processor and the wallet button, so each word is written once.
 */
export { walletTypes, type WalletType } from './wallet-domains.ts';

/** Card networks a wallet sheet may offer, as Doc 2 spells brands. */
export const walletNetworks = ['visa', 'mastercard', 'amex', 'discover', 'jcb'] as const;
export type WalletNetwork = (typeof walletNetworks)[number];

/** Google Pay's spelling of each network (PaymentDataRequest `allowedCardNetworks`). */
export const googleNetworkNames: Record<WalletNetwork, string> = { visa: 'VISA', mastercard: 'MASTERCARD', amex: 'AMEX', discover: 'DISCOVER', jcb: 'JCB' };

/** Google Pay card authentication methods: a card on file, or a device token with a cryptogram. */
export const googleAuthMethods = ['PAN_ONLY', 'CRYPTOGRAM_3DS'] as const;

/**
 * The service's Apple Pay merchant identifier. A payment platform registers one identifier for all
 * of its merchants (each merchant proves its own domains through wallet-domain verification), so
 * the wallet button's Apple Pay method data names this one.
 */
export const appleMerchantIdentifier = 'merchant.dev.svcpay';

/** The tokenization gateway name the sandbox processor answers to in Google Pay. */
export const sandboxGoogleGateway = 'svcpaysandbox';

/**
 * Payment Request API method identifiers of each wallet (what `new PaymentRequest([{ supportedMethods }])`
 * takes).
 */
export const walletMethodIds = { google_pay: 'https://google.com/pay', apple_pay: 'https://apple.com/apple-pay' } as const;

/** What a buyer reads on the button: the wallet's own name, never translated. */
export const walletNames = { google_pay: 'Google Pay', apple_pay: 'Apple Pay' } as const;
