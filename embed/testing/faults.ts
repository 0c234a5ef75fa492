/**
 * The fault switchboard and the processor's ledger from a test (Doc 3, "Faults and the
 * processor's ledger"): the sandbox control client's calls (embed/server/sandbox.ts), taking the
 * server as `startSvcPay` gives it or as a URL, so a QA suite can make the sandbox processor
 * misbehave on one merchant's calls and then ask what really moved.
 */
import { createSandboxControl, type SandboxControl } from '../server/sandbox.ts';
import type { ArmedFault, FaultSpec, LedgerTransaction, SvcPayTarget } from './types.js';

function control(server: SvcPayTarget): SandboxControl {
  return typeof server === 'string' ? createSandboxControl({ baseUrl: server }) : createSandboxControl({ baseUrl: server.serviceUrl, controlToken: server.controlToken });
}

const faultId = (fault: string | { id: string }) => (typeof fault === 'string' ? fault : fault.id);

/** Arms one fault on the calls the service makes to the sandbox processor. */
export const armFault = (server: SvcPayTarget, fault: FaultSpec): Promise<ArmedFault> => control(server).faults.set(fault);

/** Every fault armed and not disarmed, spent ones included. */
export const listFaults = (server: SvcPayTarget): Promise<ArmedFault[]> => control(server).faults.list();

/** Lets every call a `hold` fault keeps reach the processor, in arrival order; resolves with how many, once acted on. */
export const releaseFault = (server: SvcPayTarget, fault: string | { id: string }): Promise<number> => control(server).faults.release(faultId(fault));

/** Disarms a fault; calls it still holds are dropped and never reach the processor. */
export const disarmFault = (server: SvcPayTarget, fault: string | { id: string }): Promise<void> => control(server).faults.clear(faultId(fault));

/** The processor's own ledger, oldest first: what really moved, whatever the service recorded. */
export const processorLedger = (server: SvcPayTarget, merchant?: string): Promise<LedgerTransaction[]> => control(server).ledger(merchant);
