/**
 * The fault switchboard and the processor's ledger from a test (Doc 3, "Faults and the
 * processor's ledger"): thin calls to the reference server's sandbox control API, so a QA suite
 * can make the sandbox processor misbehave on one merchant's calls and then ask what really moved.
 */
import type { ArmedFault, FaultSpec, LedgerTransaction, SvcPayTarget } from './types.js';

function target(server: SvcPayTarget): { url: string; headers: Record<string, string> } {
  const url = typeof server === 'string' ? server : server.serviceUrl;
  const token = typeof server === 'string' ? undefined : server.controlToken;
  return { url: url.replace(/\/+$/, ''), headers: token ? { Authorization: `Bearer ${token}` } : {} };
}

async function control<T>(server: SvcPayTarget, method: string, path: string, body?: unknown): Promise<T> {
  const { url, headers } = target(server);
  const write = method !== 'GET';
  const res = await fetch(`${url}/_sandbox${path}`, {
    method,
    // The control API takes JSON on every write, even one with no fields.
    headers: { ...headers, ...(write ? { 'Content-Type': 'application/json' } : {}) },
    body: write && method !== 'DELETE' ? JSON.stringify(body ?? {}) : undefined,
  });
  const text = await res.text();
  if (!res.ok) {
    let reason = text;
    try {
      const err = JSON.parse(text) as { code?: string; error?: string };
      reason = `${err.code ?? ''} ${err.error ?? ''}`.trim();
    } catch {
      // Not the service's envelope: quoted as it came.
    }
    throw new Error(`svcpay: ${method} /_sandbox${path} answered ${res.status} ${reason}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Arms one fault on the calls the service makes to the sandbox processor. */
export const armFault = (server: SvcPayTarget, fault: FaultSpec) => control<ArmedFault>(server, 'POST', '/faults', fault);

/** Every fault armed and not disarmed, spent ones included. */
export const listFaults = async (server: SvcPayTarget) => (await control<{ data: ArmedFault[] }>(server, 'GET', '/faults')).data;

/** Lets every call a `hold` fault keeps reach the processor, in arrival order; resolves with how many, once acted on. */
export const releaseFault = async (server: SvcPayTarget, fault: string | { id: string }) =>
  (await control<{ released: number }>(server, 'POST', `/faults/${encodeURIComponent(typeof fault === 'string' ? fault : fault.id)}/release`)).released;

/** Disarms a fault; calls it still holds are dropped and never reach the processor. */
export const disarmFault = async (server: SvcPayTarget, fault: string | { id: string }) => {
  await control<undefined>(server, 'DELETE', `/faults/${encodeURIComponent(typeof fault === 'string' ? fault : fault.id)}`);
};

/** The processor's own ledger, oldest first: what really moved, whatever the service recorded. */
export const processorLedger = async (server: SvcPayTarget, merchant?: string) =>
  (await control<{ data: LedgerTransaction[] }>(server, 'GET', `/processor/transactions${merchant ? `?merchant=${encodeURIComponent(merchant)}` : ''}`)).data;
