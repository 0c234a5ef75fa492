/** The payment provider ("binder") of a merchant, or Doc 3's 409 `binder_unavailable` for processor `none`. */
import type { EngineDeps } from './deps.ts';
import { DomainError } from '../domain/errors.ts';
import type { Processor } from '../processors/types.ts';
import type { Merchant } from '../domain/index.ts';

export function processorOf(deps: Pick<EngineDeps, 'processorFor'>, merchant: Merchant): Processor {
  const p = deps.processorFor(merchant.processor);
  if (!p) throw new DomainError('binder_unavailable');
  return p;
}
