/**
 * `node --import ./bench/experiments/register.mjs`: swaps a dependency of the server for a bench
 * variant without editing src/, for `BENCH_EXPERIMENT=<name>[,<name>]` (see hooks.mjs). Plain
 * JavaScript because it loads before tsx.
 */
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
