/** `npx tsx bench/speed.ts [runs]`: the mount-to-ready, keystroke and bytes part of the bench alone, printed as JSON. */
import { startServer } from '../e2e/fixtures/server.ts';
import { measureMountToReady } from './mount-to-ready.ts';

const runs = Number(process.argv[2] ?? 10);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const server = await startServer();
try {
  const m = await measureMountToReady(server.info, runs);
  const med = Object.fromEntries(Object.entries(m.samples).map(([k, v]) => [k, Math.round(median(v) * 10) / 10]));
  console.log(JSON.stringify({ medianMs: med, ratios: { card: med.card! / med.blank1!, split: med.split! / med.blank3! }, keystrokeMedianMs: median(m.keystrokeToChangeMs), bytes: m.bytes }, null, 2));
} finally {
  await server.stop();
}
