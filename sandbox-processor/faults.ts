/**
 * The fault switchboard (Doc 3, "Faults and the processor's ledger"): faults armed on the calls
 * the service makes, kept in the processor's memory (they rehearse a moment, they are not
 * records), and the calls a `hold` keeps at the door until released. The door itself, which asks
 * the board about each call, is ./server/fault-door.ts.
 */
import type { FaultKind, FaultOperation } from '../src/vocab/sandbox.ts';
import { newId } from './facts.ts';

export interface FaultInput {
  operation: FaultOperation;
  kind: FaultKind;
  /** How many calls it affects (default 1). */
  count?: number;
  /** For `slow`: how long the answer waits after the processor acted. */
  delayMs?: number;
  /** Only this merchant's calls; every merchant's when absent. */
  merchant?: string | null;
}

/** A fault as the control API shows it. */
export interface FaultView {
  id: string;
  operation: FaultOperation;
  kind: FaultKind;
  merchant: string | null;
  delayMs: number;
  /** Calls it will still affect. */
  remaining: number;
  /** Calls it keeps at the door now (`hold`). */
  held: number;
}

/** A call kept at the door: `go(true)` lets it in, `go(false)` drops it; `done` settles once it was acted on. */
interface HeldCall {
  go(enter: boolean): void;
  done: Promise<void>;
}

interface Fault extends FaultView {
  calls: HeldCall[];
}

/** What the door does with one call. */
export type DoorVerdict =
  | { kind: 'pass' }
  | { kind: 'down' | 'lose_answer'; fault: string }
  | { kind: 'slow'; fault: string; delayMs: number }
  | { kind: 'hold'; fault: string; entered: Promise<boolean>; acted: () => void };

export const DEFAULT_SLOW_MS = 2000;

export class FaultBoard {
  readonly #faults = new Map<string, Fault>();

  arm(input: FaultInput): FaultView {
    const fault: Fault = {
      id: newId('flt_'),
      operation: input.operation,
      kind: input.kind,
      merchant: input.merchant ?? null,
      delayMs: input.kind === 'slow' ? (input.delayMs ?? DEFAULT_SLOW_MS) : 0,
      remaining: input.count ?? 1,
      held: 0,
      calls: [],
    };
    this.#faults.set(fault.id, fault);
    return view(fault);
  }

  /** Every fault armed and not deleted, spent ones included (`remaining` 0), oldest first. */
  list(): FaultView[] {
    return [...this.#faults.values()].map(view);
  }

  get(id: string): FaultView | undefined {
    const f = this.#faults.get(id);
    return f && view(f);
  }

  /**
   * The verdict on one call to `operation` for `merchant`: the oldest armed fault that matches
   * takes it (and one of its count). A held call enters when released, or never when deleted.
   */
  take(operation: Exclude<FaultOperation, 'any'> | 'other', merchant: string | null): DoorVerdict {
    for (const f of this.#faults.values()) {
      if (f.remaining <= 0) continue;
      if (f.operation !== 'any' && f.operation !== operation) continue;
      if (f.merchant !== null && f.merchant !== merchant) continue;
      f.remaining -= 1;
      if (f.kind === 'slow') return { kind: 'slow', fault: f.id, delayMs: f.delayMs };
      if (f.kind !== 'hold') return { kind: f.kind, fault: f.id };
      let go!: (enter: boolean) => void;
      let acted!: () => void;
      const entered = new Promise<boolean>((resolve) => (go = resolve));
      const done = new Promise<void>((resolve) => (acted = resolve));
      f.calls.push({ go, done });
      f.held = f.calls.length;
      return { kind: 'hold', fault: f.id, entered, acted };
    }
    return { kind: 'pass' };
  }

  /**
   * Lets every held call in, one at a time in arrival order, each once the one before was acted
   * on; resolves with how many, once the last was. Undefined for an unknown id.
   */
  async release(id: string): Promise<number | undefined> {
    const f = this.#faults.get(id);
    if (!f) return undefined;
    const calls = f.calls.splice(0);
    f.held = 0;
    for (const call of calls) {
      call.go(true);
      await call.done;
    }
    return calls.length;
  }

  /** Disarms a fault; the calls it still holds are dropped and never reach the processor. */
  disarm(id: string): boolean {
    const f = this.#faults.get(id);
    if (!f) return false;
    this.#faults.delete(id);
    for (const call of f.calls.splice(0)) call.go(false);
    return true;
  }

  /** Disarms every fault (the processor closing). */
  clear(): void {
    for (const id of [...this.#faults.keys()]) this.disarm(id);
  }
}

const view = ({ id, operation, kind, merchant, delayMs, remaining, held }: Fault): FaultView => ({ id, operation, kind, merchant, delayMs, remaining, held });
