/**
 * What each part hands over to the loader (embed/lazy.ts), and how: in a module of its own, so a
 * part's script carries only this, not the loader.
 */
import type { ChallengePart } from '../challenge.ts';
import type { mountCheckout } from '../checkout.ts';
import type { createController } from '../controller.ts';
import type { setChannelDebug } from '../../src/protocol/channel.ts';

export interface Parts {
  checkout: { mountCheckout: typeof mountCheckout; setChannelDebug: typeof setChannelDebug };
  challenge: ChallengePart;
  confirm: { createController: typeof createController };
}
export type PartName = keyof Parts;

/** The property of the <script> element a part leaves its exports on. */
export const PART_KEY = 'svcpayPart';

/** Called by a part's entry while it runs: hands its exports to the loader that added it. */
export function registerPart(part: Parts[PartName]): void {
  const script = document.currentScript as (HTMLScriptElement & { [PART_KEY]?: unknown }) | null;
  if (script) script[PART_KEY] = part;
}
