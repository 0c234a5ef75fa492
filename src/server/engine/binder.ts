/** The payment provider ("binder") of a merchant, or Doc 3's 409 `binder_unavailable` for processor `none`. */
import type { Deps } from '../context.ts';
import { ApiError } from '../errors.ts';
import type { Processor } from '../processors/types.ts';
import type { Merchant } from './types.ts';

export function processorOf(deps: Pick<Deps, 'processorFor'>, merchant: Merchant): Processor {
  const p = deps.processorFor(merchant.processor);
  if (!p) throw new ApiError('binder_unavailable');
  return p;
}
