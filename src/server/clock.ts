/**
 * The one service clock (Doc 3, "Starting it"): wall time plus an offset that only
 * `/_sandbox/clock` moves. The offset is stored so a restart keeps the time tests set.
 */
export interface ClockStore {
  readOffset(): Promise<number>;
  writeOffset(ms: number): Promise<void>;
}

export class Clock {
  #offsetMs: number;
  private constructor(
    private readonly store: ClockStore,
    offsetMs: number,
  ) {
    this.#offsetMs = offsetMs;
  }
  static async load(store: ClockStore): Promise<Clock> {
    return new Clock(store, await store.readOffset());
  }
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  /** How far the clock stands ahead of wall time (what `/_sandbox/clock` moved it by in all). */
  get offsetMs(): number {
    return this.#offsetMs;
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
  /**
   * Reads the offset the store holds and takes it if it is ahead (the clock only moves forward):
   * another instance on the same database moved the clock (issue 21).
   */
  async refresh(): Promise<void> {
    const stored = await this.store.readOffset();
    if (stored > this.#offsetMs) this.#offsetMs = stored;
  }
  /** Moves the clock forward; resolves once the new offset is durable. */
  async advance(seconds: number): Promise<void> {
    this.#offsetMs += seconds * 1000;
    await this.store.writeOffset(this.#offsetMs);
  }
}
