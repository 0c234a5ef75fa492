/**
 * The processor's clock when it runs alone (Doc 3, Several instances). Beside the service it reads
 * the service clock; on its own it keeps the offset the instances push to it (`POST /v1/_clock`)
 * whenever a test moves the service clock, stored so a restart keeps it. It only moves forward,
 * so two instances pushing at once cannot take it back.
 */
import type { Db } from './store/db.ts';

export interface ProcessorClock {
  now(): Date;
  /** Takes `offsetMs` if it is ahead of the offset held; answers the offset now held. */
  moveTo(offsetMs: number): number;
}

export function storedClock(db: Db): ProcessorClock {
  const read = db.prepare<[], { value: string }>("SELECT value FROM processor_meta WHERE key = 'clock_offset_ms'");
  const write = db.prepare<[string]>("INSERT INTO processor_meta (key, value) VALUES ('clock_offset_ms', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  let offsetMs = Number(read.get()?.value ?? 0);
  return {
    now: () => new Date(Date.now() + offsetMs),
    moveTo(ms) {
      if (ms > offsetMs) {
        write.run(String(ms));
        offsetMs = ms;
      }
      return offsetMs;
    },
  };
}
