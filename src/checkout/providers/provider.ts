/**
 * What a provider's folder gives the checkout (registry.ts lists them): the `init` types it mounts
 * fields for, how it reads such an answer into what its fields are made with (its spec), and the
 * component that mounts them. The checkout (checkout-store.ts, PayForm.tsx) knows nothing more of a
 * provider: every one's fields speak the sandbox fields frame's messages (`sbx.*`), so pay,
 * complete, decline and retry are one flow for all of them.
 */
import type { ComponentType } from 'preact';
import type { InitResponse, PublicSession } from '../../api/checkout.ts';
import type { MessageTarget } from '../../protocol/channel.ts';
import type { HostToProcessorFrame, ProcessorFrameToHost } from '../../protocol/messages.ts';

/** What every spec carries: it changes on every init, so the fields are mounted afresh. */
export interface ProviderSpec {
  key: number;
}

/** What the checkout knows when it reads an `init` answer. */
export interface FieldsContext {
  parentOrigin: string;
  locale: string;
  key: number;
  session?: Pick<PublicSession, 'amount' | 'currency'> | null;
}

/** An answer the checkout cannot mount safely; `context` is reported (codes only, no card data). */
export interface Unsupported {
  kind: 'unsupported';
  context: Record<string, unknown>;
}

export const unsupported = (context: Record<string, unknown>): Unsupported => ({ kind: 'unsupported', context });

/** What a provider's fields component is given, whatever the provider. */
export interface FieldsProps<S extends ProviderSpec = ProviderSpec> {
  spec: S;
  title: string;
  /** Full locale tag (e.g. de-AT), for fields that word themselves. */
  locale: string;
  /** Content height a fields frame reported (`sbx.resize`); until then the stylesheet's default applies. */
  height?: number | null;
  onMessage(msg: ProcessorFrameToHost): void;
  setPoster(fn: ((msg: HostToProcessorFrame) => void) | null): void;
  /** The provider's script did not load: the checkout says it cannot take a payment now. */
  onFailure(code: string): void;
  /** Where a fields frame's messages arrive; the page's window outside tests. */
  events?: MessageTarget;
}

export interface ProviderEntry<S extends ProviderSpec> {
  name: string;
  /** The `init` types (Doc 3, init) whose answers this provider's fields take. */
  modes: readonly InitResponse['type'][];
  spec(init: InitResponse, ctx: FieldsContext): S | Unsupported;
  /** Mounts the fields; a provider's own script and the code that drives it load on demand. */
  Fields: ComponentType<FieldsProps<S>>;
}

/** An entry as the registry holds it: its spec is only ever given back to its own `Fields`. */
export type Provider = ProviderEntry<ProviderSpec>;

export const defineProvider = <S extends ProviderSpec>(entry: ProviderEntry<S>): Provider => entry as unknown as Provider;
