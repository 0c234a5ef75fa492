/**
 * The payment providers the service knows, listed once (docs/contributing.md, "Adding a
 * processor"). Every other part of the service reads a provider through here: the wiring makes
 * its adapters, the inbound webhook route its gateway, `GET /v1/capabilities` its matrix, the
 * hosted page its CSP hosts, the control API its keys. The wiring (deps.ts) makes one registry,
 * `deps.providers`, from this list or the list a test gives (`BuildOptions.providers`), and every
 * reader asks that one: a test can add a provider of its own without editing this file.
 */
import { z } from 'zod';
import type { Config } from '../env.ts';
import type { ProcessorKind, ProviderAccountKeys } from '../domain/index.ts';
import type { InboundGateway } from './inbound.ts';
import { FORWARDS_NOTHING, type KindCapabilities, type KindForwarding, type PlatformWiring, type ProviderEntry, type ProviderHosts, type ProviderKind } from './provider-entry.ts';
import type { Processor } from './types.ts';
import { sandboxProvider } from './sandbox/index.ts';
import { stripeProvider } from './stripe/index.ts';
import { braintreeProvider } from './braintree/index.ts';

/** The providers, in the order their hosts join a page's CSP. */
export const PROVIDERS: readonly ProviderEntry[] = [sandboxProvider, stripeProvider, braintreeProvider];

export type ProviderRegistry = ReturnType<typeof providerRegistry>;

export function providerRegistry(entries: readonly ProviderEntry[]) {
  const named = new Map(entries.map((e) => [e.name, e]));
  /** The provider serving a UI mode; the last listed wins, so a list can replace one. */
  const byKind = new Map<ProcessorKind, ProviderEntry>(entries.flatMap((e) => e.kinds.map((k) => [k, e] as const)));
  const withAccounts = entries.filter((e) => e.account);
  const forKind = (kind: ProcessorKind): ProviderEntry | null => byKind.get(kind) ?? null;
  return {
    entries,
    forKind,
    named: (name: string): ProviderEntry | null => named.get(name) ?? null,

    /** The platform's adapter of every UI mode (deps.ts); `none` has none (Doc 3: binder_unavailable). */
    platform(w: PlatformWiring): (kind: ProcessorKind) => Processor | null {
      const made = new Map<ProviderEntry, Partial<Record<ProviderKind, Processor>>>(entries.map((e) => [e, e.platform(w)]));
      return (kind) => {
        const entry = forKind(kind);
        return (entry && made.get(entry)?.[kind as ProviderKind]) ?? null;
      };
    },

    /**
     * The gateway a `/api/webhooks/{gatewayId}` names: a provider's, on the platform's account, or a
     * merchant's own account's (`<provider>_<merchant id>`, domain/provider-account.ts), whose
     * events can only be that merchant's.
     */
    inbound(gatewayId: string): { provider: ProviderEntry; gateway: InboundGateway; owner: string | null } | null {
      const platform = named.get(gatewayId);
      if (platform) return { provider: platform, gateway: platform.inbound, owner: null };
      const m = /^([a-z][a-z0-9]*)_([0-9a-f-]{36})$/.exec(gatewayId);
      const own = m ? named.get(m[1]!) : undefined;
      return own?.account ? { provider: own, gateway: own.inbound, owner: m![2]! } : null;
    },

    /** Doc 1, Capability matrix: the row of a UI mode. */
    capabilities(kind: ProviderKind): KindCapabilities {
      const row = forKind(kind)?.capabilities[kind];
      if (!row) throw new Error(`no provider lists the capabilities of ${kind}`);
      return row;
    },

    /** What a charge of a UI mode carries to its provider beyond the money; `none` and unlisted modes: nothing. */
    forwarding(kind: ProcessorKind): KindForwarding {
      return (kind === 'none' ? undefined : forKind(kind)?.forwards?.[kind]) ?? FORWARDS_NOTHING;
    },

    /** Each provider's browser hosts (`standIn`: its sandbox stand-in, one origin), in list order. */
    hosts(config: Config): { provider: string; production: ProviderHosts; standIn: ProviderHosts }[] {
      return entries.flatMap((e) => {
        if (!e.hosts) return [];
        const origin = new URL(e.hosts.standInUrl(config)).origin;
        return [{ provider: e.name, production: e.hosts.production, standIn: { script: [origin], connect: [origin], frame: [origin], img: [] } }];
      });
    },

    /** What `providerAccount` takes: one provider's keys. */
    accountKeys: z.discriminatedUnion(
      'provider',
      withAccounts.map((e) => e.account!.keys) as unknown as [z.ZodObject<{ provider: z.ZodLiteral<string> }>],
    ) as unknown as z.ZodType<ProviderAccountKeys>,
  };
}
