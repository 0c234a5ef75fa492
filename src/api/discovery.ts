/** Wire shape of `GET /.well-known/svcpay.json` (Doc 1, Discovery document). snake_case. */
import { z } from 'zod';

const Script = z.object({
  url: z.string(),
  buyer_experience: z.string(),
  key_type: z.enum(['secret', 'publishable']),
  note: z.string(),
});

export const DiscoveryDocument = z.object({
  api_version: z.string(),
  endpoints: z.object({
    sessions: z.string(),
    payment_intents: z.string(),
    refunds: z.string(),
    tokens: z.string(),
    capabilities: z.string(),
    public_sessions: z.string(),
    public_tokens: z.string(),
    public_binder_load: z.string(),
    health: z.string(),
  }),
  scripts: z.object({ hosted: Script.extend({ legacy_url: z.string() }), embedded: Script }),
  docs: z.string(),
  llms_txt: z.string(),
  openapi: z.string(),
  packages: z.record(z.string(), z.string()).describe('npm package names, by what they are for'),
  embedded: z.object({
    availability: z.string(),
    fallback: z.object({ endpoint: z.literal('/v1/sessions'), field: z.literal('checkoutUrl') }),
  }),
  status: z.string(),
});
export type DiscoveryDocument = z.infer<typeof DiscoveryDocument>;
