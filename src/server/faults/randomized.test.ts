/**
 * Issue 17, "Must hold": with any fault on any operation, then the faults cleared and the clock
 * moved on, every cent the processor moved is recorded once and nothing is recorded that it did
 * not move. The random fault mix (./random-mix.ts, charges at submit through the service's own
 * fields included) against the sandbox processor, with its fence and without it (as a provider
 * that cannot refuse a late call: the second watch reverses what lands behind a final state);
 * ./random-ledgers.ts says what must hold, ./random-run.ts how to replay or widen the run. The
 * same mix runs against Stripe and Braintree beside this file.
 */
import { it } from 'vitest';
import { randomRun } from './random-run.ts';

it('after random faults and clock moves, the service records exactly what the processor moved', () => randomRun('sandbox', { submit: true, seed: 1701, runs: 4 }), 600_000);

it('with a processor that cannot fence, late calls land and the second watch still records exactly what moved', () => randomRun('sandbox unfenced', { submit: true, unfenced: true, seed: 1702, runs: 4 }), 600_000);
