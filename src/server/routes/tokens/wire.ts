/** The wire shapes of this resource: domain records shaped as the spec spells them (STYLE.md, habit 7). */
import { Token } from '../../../api/tokens.ts';
import type { VaultResult } from '../../engine/tokens/tokens.ts';
import type { PaymentMethodRecord } from '../../domain/index.ts';

export const toCard = (t: PaymentMethodRecord) => ({
  brand: t.card.brand,
  last4: t.card.last4,
  exp_month: t.card.expMonth,
  exp_year: t.card.expYear,
});

/** The token object: `setup_for_future_use` and `allow_redisplay` only when they were sent. */
export function toToken(res: VaultResult, keyed: boolean): Token {
  const t = res.token;
  return {
    id: t.id,
    status: t.status,
    card: toCard(t),
    ...(t.setupForFutureUse ? { setup_for_future_use: t.setupForFutureUse } : {}),
    ...(t.allowRedisplay ? { allow_redisplay: t.allowRedisplay } : {}),
    ...(res.buyer ? { buyer: res.buyer } : {}),
    ...(keyed ? { idempotent: false } : {}),
    ...(res.warnings.length ? { warnings: res.warnings } : {}),
  };
}
