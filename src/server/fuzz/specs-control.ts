/** The fuzz's specs of the sandbox control API (`/_sandbox/`): merchants, the clock, deliveries, the fault switchboard and the ledger. */
import fc from 'fast-check';
import { z } from 'zod';
import { ClockBody, NewMerchantBody, PatchMerchantBody, WriteFreezeBody } from '../routes/sandbox/index.ts';
import { FaultBody } from '../routes/sandbox/faults.ts';
import { StoreSwitchesBody } from '../../api/mirror.ts';
import { SESSION, type RouteSpec } from './route-spec.ts';

/** `redirectOrigins` takes origins only: a random string is almost never one (mutated bodies still try). */
const REDIRECT_ORIGINS = fc.array(fc.constantFrom('https://shop.example', 'http://localhost:4244', 'https://Shop.Example/'), { maxLength: 3 });

export const CONTROL_SPECS: RouteSpec[] = [
  // Provider keys fit only a provider's processor, which a random body seldom names: the valid bodies leave them out (mutations still send them).
  { method: 'POST', path: '/_sandbox/merchants', key: 'none', create: true, zod: NewMerchantBody, hints: { redirectOrigins: REDIRECT_ORIGINS, providerAccount: fc.constant(undefined) } },
  { method: 'PATCH', path: '/_sandbox/merchants/:id', key: 'none', zod: PatchMerchantBody, targets: ['scratch-merchant', 'unknown-merchant'], hints: { status: fc.constant('active'), redirectOrigins: REDIRECT_ORIGINS } },
  { method: 'POST', path: '/_sandbox/merchants/:id/rotate_keys', key: 'none', zod: z.strictObject({}), targets: ['scratch-merchant', 'unknown-merchant'] },
  { method: 'GET', path: '/_sandbox/clock', key: 'none' },
  // Small steps: a jump of years would expire every session the run makes next.
  { method: 'POST', path: '/_sandbox/clock', key: 'none', zod: ClockBody, hints: { advanceSeconds: fc.integer({ min: 0, max: 5 }) } },
  // The write-freeze stays off in valid bodies: on, every later write of the run would be a 503 and test nothing else.
  { method: 'GET', path: '/_sandbox/write_freeze', key: 'none' },
  { method: 'POST', path: '/_sandbox/write_freeze', key: 'none', zod: WriteFreezeBody, hints: { on: fc.constant(false) } },
  { method: 'GET', path: '/_sandbox/webhook_subscriptions/:id/deliveries', key: 'none', targets: ['webhook-subscription', 'bogus-subscription'] },
  { method: 'POST', path: '/_sandbox/webhook_deliveries/:id/redeliver', key: 'none', zod: z.strictObject({}), targets: ['bogus-subscription'] },
  // The fault switchboard: harmless faults only (slow by 0 ms), each scoped to a merchant of its own,
  // so the run's other requests keep their answers and their speed.
  {
    method: 'POST',
    path: '/_sandbox/faults',
    key: 'none',
    zod: FaultBody,
    targets: ['scratch-merchant', 'unknown-merchant'],
    hints: { kind: fc.constant('slow'), delayMs: fc.constant(0), count: fc.integer({ min: 1, max: 3 }), merchant: SESSION },
  },
  { method: 'GET', path: '/_sandbox/faults', key: 'none' },
  { method: 'POST', path: '/_sandbox/faults/:id/release', key: 'none', zod: z.strictObject({}), targets: ['bogus-subscription'] },
  { method: 'DELETE', path: '/_sandbox/faults/:id', key: 'none', targets: ['bogus-subscription'] },
  { method: 'GET', path: '/_sandbox/processor/transactions', key: 'none', query: fc.constantFrom('', '?merchant=vp_m_nobody', '?merchant=', `?merchant=${'x'.repeat(300)}`) },
  // The store stand-ins (issue 20): the first parameter is the platform, the store host is `x`.
  { method: 'GET', path: '/_sandbox/stores/:platform/:store/orders', key: 'none' },
  { method: 'POST', path: '/_sandbox/stores/:platform/:store/switches', key: 'none', zod: StoreSwitchesBody },
];
