/** The payment provider ("binder") of a merchant, or Doc 3's 409 `binder_unavailable` for processor `none`. */
import type { EngineDeps } from './deps.ts';
import { DomainError } from '../domain/errors.ts';
import type { Processor } from '../processors/types.ts';
import type { Merchant } from '../domain/index.ts';

type BinderDeps = Pick<EngineDeps, 'processorFor' | 'ownProcessor'>;

/** The merchant's own provider account when it set keys (issue 19), else the platform's adapter for its processor; null for `none`. */
export function processorOrNull(deps: BinderDeps, merchant: Merchant): Processor | null {
  return deps.ownProcessor(merchant) ?? deps.processorFor(merchant.processor);
}

export function processorOf(deps: BinderDeps, merchant: Merchant): Processor {
  const p = processorOrNull(deps, merchant);
  if (!p) throw new DomainError('binder_unavailable');
  return p;
}
