/**
 * The element capability map of `POST /v1/public/binder-load` (Doc 1, Public endpoints): which
 * element types a merchant's page can mount and pay with, read from the same settings session
 * create applies (engine/sessions/sessions.ts: `integrationMode`, `chargeAtSubmit`) and the
 * processor that charges (Doc 3: `none` is 409 `binder_unavailable`), so the map never promises
 * what a session would refuse.
 */
import type { BinderLoad } from '../../../api/binder-load.ts';
import { DomainError } from '../../domain/errors.ts';
import type { AuthContext } from '../../domain/index.ts';
import { elementTypes, type ElementType } from '../../../vocab/elements.ts';

/** The element types that pay without the card fields: a wallet pays through charge at submit. */
const paysAtSubmit: readonly ElementType[] = ['wallet'];

export function binderLoad(auth: Pick<AuthContext, 'merchant' | 'livemode'>): BinderLoad {
  const { processor, settings } = auth.merchant;
  if (processor === 'none') throw new DomainError('binder_unavailable');
  const reasonFor = (type: ElementType) => {
    if (!settings.elements) return 'elements_not_enabled' as const;
    if (paysAtSubmit.includes(type) && !settings.chargeAtSubmit) return 'charge_at_submit_not_enabled' as const;
    return null;
  };
  const elements = Object.fromEntries(
    elementTypes.map((type) => {
      const reason = reasonFor(type);
      return [type, { available: reason === null, unavailable_reason: reason }];
    }),
  ) as BinderLoad['elements'];
  return {
    object: 'binder_load',
    livemode: auth.livemode,
    binder: processor,
    integration_mode: settings.elements ? 'elements' : 'embed',
    charge_at_submit: settings.elements && settings.chargeAtSubmit,
    elements,
  };
}
