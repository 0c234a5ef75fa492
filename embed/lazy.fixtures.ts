/**
 * For unit tests (happy-dom runs no script files): the parts of svcpay.js that embed/lazy.ts
 * loads on demand, served from this bundle instead. A test file opts in with
 * `vi.mock('./lazy.ts', () => import('./lazy.fixtures.ts'))`; the real loader has its own tests
 * (lazy.test.ts), which also cover a part that fails to load. A test may list parts in
 * `unavailable` to play one that cannot load (and clear it after).
 */
import { setChannelDebug } from '../src/protocol/channel.ts';
import { openChallenge } from './challenge.ts';
import { mountCheckout } from './checkout.ts';
import { createController } from './controller.ts';
import type { PartName, Parts } from './lazy.ts';

const parts: Parts = { checkout: { mountCheckout, setChannelDebug }, challenge: { openChallenge, setChannelDebug }, confirm: { createController } };

export const unavailable = new Set<PartName>();

export const loadPart = <N extends PartName>(_origin: string, name: N): Promise<Parts[N]> =>
  unavailable.has(name) ? Promise.reject(new Error(`svcpay: svcpay-${name}.js did not load`)) : Promise.resolve(parts[name]);
