/**
 * Braintree's fields (issue 19): Hosted Fields for `hosted_fields` merchants, Drop-in (with the
 * buyer's saved cards) for `vault_hosted_fields`; the client token they are made with. What they
 * give is the nonce `complete` pays with.
 */
import type { InitResponse } from '../../../api/checkout.ts';
import { majorAmount } from '../../../vocab/currencies.ts';
import { standInScript } from '../http-origin.ts';
import { unsupported, type FieldsContext, type Unsupported } from '../provider.ts';

export interface BraintreeSpec {
  clientToken: string;
  /** The session's amount in major units ("25.00"), for 3-D Secure's lookup. */
  amount: string;
  /** `dropin`: braintree-web-drop-in; `hosted_fields`: braintree-web's Hosted Fields. */
  ui: 'hosted_fields' | 'dropin';
  /** The sandbox's stand-in of that script, loaded in place of Braintree's own; null: Braintree's own. */
  scriptUrl: string | null;
  key: number;
}

export function braintreeSpec(init: InitResponse, ctx: FieldsContext): BraintreeSpec | Unsupported {
  const { type, token, environment } = init;
  const script = standInScript(init);
  if (environment === 'sandbox' && !script) return unsupported({ type, environment });
  const amount = ctx.session ? majorAmount(ctx.session.amount, ctx.session.currency) : '';
  return { clientToken: token, amount, ui: type === 'vault_hosted_fields' ? 'dropin' : 'hosted_fields', scriptUrl: script, key: ctx.key };
}
