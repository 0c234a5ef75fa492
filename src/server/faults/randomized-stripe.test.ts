/**
 * The random fault mix against a merchant on the Stripe stand-in (issue 34, "Contract tests per
 * adapter"): its calls go through the `stripe` SDK; a charge held past the give-up is fenced (its
 * PaymentIntent canceled, so the late confirmation is refused), a late refund cannot be.
 * Every intent and refund is compared with the stand-in's ledger (./random-ledgers.ts says what
 * must hold); ./random-run.ts says how to replay or widen the run.
 */
import { it } from 'vitest';
import { randomRun } from './random-run.ts';

it('Stripe: after random faults, late calls and clock moves, every intent and refund matches the provider’s ledger', () => randomRun('Stripe', { processor: 'card_element', submit: false, seed: 3401, runs: 5 }), 600_000);
