/**
 * The sandbox processor's control door (Doc 3, sandbox control API; "Faults and the processor's
 * ledger"): what only the stand-in answers, never a real provider. The routes of `/_sandbox` and
 * the clock push reach it as `Processor.standInControl`, so they need no provider's class.
 */
import type { z } from 'zod';
import type { ClockResponse, Fault, FaultList, FaultRelease, FaultRequest, Ledger } from '../../../sandbox-processor/api.ts';
import type { EmittableEventType } from '../../vocab/sandbox.ts';
import type { Merchant } from '../domain/index.ts';

export interface StandInControl {
  /**
   * Tells a processor that runs alone where the service clock stands (its offset from wall time),
   * after a test moved it. Beside the service the processor reads the clock itself and answers `beside`.
   */
  pushClock(offsetMs: number): Promise<ClockResponse>;
  /**
   * Asks the sandbox processor to send one provider event now, making the change it reports.
   * `delivered`: the service's webhook answered 2xx. An unknown id is a `ProcessorRejectedError`
   * (`transaction_not_found`, `refund_not_found`); an event that contradicts the state is one too.
   */
  emitEvent(merchant: Merchant, type: EmittableEventType, ids: { transactionId?: string; refundId?: string }): Promise<{ id: string; type: string; delivered: boolean }>;
  /** Arms one fault on the calls the service makes. */
  armFault(input: z.input<typeof FaultRequest>): Promise<z.infer<typeof Fault>>;
  faults(): Promise<z.infer<typeof FaultList>>;
  /** Lets the calls a fault holds reach the processor; null for an unknown fault. */
  releaseFault(id: string): Promise<z.infer<typeof FaultRelease> | null>;
  /** Disarms a fault; false for an unknown one. */
  disarmFault(id: string): Promise<boolean>;
  /** The processor's own ledger of one merchant's transactions (every merchant's when null). */
  ledger(merchantId: string | null): Promise<z.infer<typeof Ledger>>;
}
