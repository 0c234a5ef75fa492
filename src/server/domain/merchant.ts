/** Merchant accounts, their settings and the caller a key stands for (Doc 3, `POST /_sandbox/merchants`). */
import { z } from 'zod';
import { processorKinds, type ProcessorKind } from '../../vocab/processor-kinds.ts';
import { descriptorFallbacks, descriptorSources } from '../../vocab/descriptors.ts';
import { descriptorTextProblem, isPiiLikeKey } from './descriptor-text.ts';
import type { ProviderAccount } from './provider-account.ts';
import { collectionModes, emailCollectionModes, type PaymentStatus, type SessionStatus } from '../../vocab/sessions.ts';

export { processorKinds, type ProcessorKind, type PaymentStatus, type SessionStatus };
export { sessionStatuses } from '../../vocab/sessions.ts';

export const collectionMode = z.enum(collectionModes);

const OptionalDescriptorField = z.string().min(1).max(100).optional();

/**
 * Doc 3, `settings.descriptor`, with Doc 2's rules ("Statement descriptor"): the brand name is 1 to
 * 22 printable ASCII characters without `< > \\ ' " *`; a `custom` suffix needs a `key` that is
 * not personal data; a `literal` fallback needs its text (same rules as the name). `key` and
 * `literal` are refused where they would be ignored, so a typo in `source` or `fallback` shows.
 * The identity fields are kept as sent: a value a processor cannot take is dropped at charge time
 * (engine/descriptors/descriptors.ts), not here.
 */
export const DescriptorSettings = z
  .strictObject({
    name: z.string().max(200),
    city: OptionalDescriptorField,
    country: OptionalDescriptorField,
    phone: OptionalDescriptorField,
    url: OptionalDescriptorField,
    postalCode: OptionalDescriptorField,
    suffix: z.strictObject({
      source: z.enum(descriptorSources),
      key: z.string().max(64).optional(),
      fallback: z.enum(descriptorFallbacks),
      literal: z.string().max(200).optional(),
    }),
  })
  .superRefine((d, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const nameProblem = descriptorTextProblem(d.name);
    if (nameProblem) issue(['name'], `the brand name ${nameProblem}`);
    const { source, key, fallback, literal } = d.suffix;
    if (source === 'custom') {
      if (key === undefined || key.trim() === '') issue(['suffix', 'key'], 'is required when source is `custom`: the metadata key whose value prints');
      else if (isPiiLikeKey(key)) issue(['suffix', 'key'], `\`${key}\` looks like personal data (email, phone, card, ssn, tax_id, address…); choose a non-personal metadata key`);
    } else if (key !== undefined) {
      issue(['suffix', 'key'], `is only used with source \`custom\`; source \`${source}\` reads metadata.${source === 'none' ? '(nothing)' : source}`);
    }
    if (fallback === 'literal') {
      if (literal === undefined) issue(['suffix', 'literal'], 'is required when fallback is `literal`: the fixed text to print');
      else {
        const problem = descriptorTextProblem(literal);
        if (problem) issue(['suffix', 'literal'], problem);
      }
    } else if (literal !== undefined) {
      issue(['suffix', 'literal'], `is only used with fallback \`literal\` (fallback is \`${fallback}\`)`);
    }
  })
  .nullable();
export type DescriptorSettings = NonNullable<z.infer<typeof DescriptorSettings>>;

/** An origin (`https://shop.example`, `http://localhost:4244`): scheme, host and port, nothing else. Read back lower case. */
const RedirectOrigin = z.string().max(300).transform((raw, ctx) => {
  let u: URL | undefined;
  try {
    u = new URL(raw);
  } catch {
    u = undefined;
  }
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:') || raw.replace(/\/$/, '').toLowerCase() !== u.origin) {
    ctx.addIssue({ code: 'custom', message: `${JSON.stringify(raw)} is not an origin such as https://shop.example (scheme, host and port only; no path)` });
    return z.NEVER;
  }
  return u.origin;
});

/** Account behaviours of Doc 3, "Sandbox control API" (defaults as listed there). */
export const MerchantSettings = z.strictObject({
  elements: z.boolean().default(true),
  chargeAtSubmit: z.boolean().default(true),
  sameSessionRetry: z.number().int().min(0).max(10).default(0),
  shipping: collectionMode.default('none'),
  billingAddress: collectionMode.default('auto'),
  phone: collectionMode.default('none'),
  nameCollection: collectionMode.default('auto'),
  emailCollection: z.enum(emailCollectionModes).default('auto'),
  requiredBuyerFields: z.array(z.enum(['name', 'email', 'phone', 'shipping_address', 'billing_address'])).default([]),
  inPageBankCheck: z.boolean().default(false),
  disputeReporting: z.enum(['tracked', 'not_tracked']).default('tracked'),
  orderModel: z.boolean().default(true),
  orderFirst: z.boolean().default(false),
  /** Store-priced vouchers in a raw `mirror` block on intents (Document 2; always off on sessions). Not in Doc 3's list: off by default. */
  storeVouchers: z.boolean().default(false),
  connectedStores: z
    .array(z.strictObject({ platform: z.enum(['platform_a', 'platform_b']), store: z.string().min(1).max(255), writeScopes: z.boolean().default(true) }))
    .default([{ platform: 'platform_a', store: 'shop.example.com', writeScopes: true }]),
  descriptor: DescriptorSettings.default(null),
  onboarded: z.boolean().default(true),
  processorConnected: z.boolean().default(true),
  completeEndpoint: z.boolean().default(true),
  /**
   * Doc 3 decision "redirect URLs on a publishable-key session": the origins a session made with a
   * publishable key may send its buyers back to (`successUrl`, `cancelUrl`). None by default: a
   * publishable key is public, so it cannot choose where the service's own page links.
   */
  redirectOrigins: z.array(RedirectOrigin).max(20).default([]),
  /** Shown to buyers on the hosted page; not in Doc 3's list, so optional. */
  displayName: z.string().min(1).max(100).default('Sandbox merchant'),
});
export type MerchantSettings = z.infer<typeof MerchantSettings>;

/**
 * Settings as read back from the store. A descriptor saved before a rule was tightened reads as
 * none rather than failing every request of the merchant: Doc 2 counts a descriptor that cannot be
 * read as `no_config`.
 */
export const StoredMerchantSettings = MerchantSettings.extend({ descriptor: DescriptorSettings.catch(null) });

export interface Merchant {
  id: string;
  environment: 'sandbox' | 'live';
  processor: ProcessorKind;
  status: 'active' | 'inactive';
  name: string;
  settings: MerchantSettings;
  createdAt: string;
  /** The merchant's own keys at its provider (./provider-account.ts); absent: the platform's account. */
  providerAccount?: ProviderAccount | null;
}

export type KeyType = 'secret' | 'publishable';

export interface AuthContext {
  merchant: Merchant;
  keyType: KeyType;
  livemode: boolean;
  /** A short digest of the API key itself: per-key rate limits count each key, not each merchant. */
  keyId: string;
}

