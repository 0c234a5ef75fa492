/**
 * The one service clock (Doc 3, "Starting it"): wall time plus an offset that only
 * `/_sandbox/clock` moves. The offset is stored so a restart keeps the time tests set.
 */
export interface ClockStore {
  readOffset(): number;
  writeOffset(ms: number): void;
}

export class Clock {
  #offsetMs: number;
  constructor(private readonly store: ClockStore) {
    this.#offsetMs = store.readOffset();
  }
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  nowMs(): number {
    return Date.now() + this.#offsetMs;
  }
  unix(): number {
    return Math.floor(this.nowMs() / 1000);
  }
  iso(): string {
    return this.now().toISOString();
  }
  advance(seconds: number): void {
    this.#offsetMs += seconds * 1000;
    this.store.writeOffset(this.#offsetMs);
  }
}
