/**
 * How a provider's posted events are checked and read (Doc 3, Webhooks): each provider's entry
 * (provider-entry.ts) has one `InboundGateway`; engine/webhooks/inbound-events.ts keeps and
 * applies what it reads.
 */
import type { Processor, ProviderEvent } from './types.ts';

/** What a gateway needs to check a posted event. */
export interface InboundContext {
  header(name: string): string | undefined;
  /** The secret the events are signed with: the sandbox's (its processor and its stand-ins), or a merchant's own account's endpoint's. */
  secret: string | null;
  nowSeconds: number;
  /** The account whose events these are (the platform's, or a merchant's own), for providers whose SDK checks them with the account's keys. */
  gateway: Processor | null;
}

/**
 * A gateway that posts to `/api/webhooks/{gatewayId}`: how a posted body is checked and read into
 * what is kept (JSON), and how what is kept is read as the engine's event.
 */
export interface InboundGateway {
  /**
   * The media type the provider posts its events as (a webhook is the provider's format, not the
   * merchant API's JSON): JSON when absent; Braintree posts a form.
   */
  mediaType?: 'application/x-www-form-urlencoded';
  /** The event to keep, once its signature is the gateway's; `missing` without one, `invalid` with a wrong one. */
  verify(raw: string, ctx: InboundContext): Promise<unknown>;
  /** `owner`: the merchant whose own account posted (its events are that merchant's, whatever they say); null for the platform's. */
  parse(json: unknown, owner: string | null): ProviderEvent | null;
}

/** A body that is not JSON, though signed. */
export class NotJson extends Error {}

export const inboundJson = (raw: string) => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new NotJson('The event body is not valid JSON.');
  }
};
