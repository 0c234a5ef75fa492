import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateClientTypes, TYPES_FILE } from './generate.ts';

describe('svcpay/server types', () => {
  it('are what openapi-typescript makes of the contract the server serves today (else run npm run generate:client)', async () => {
    const fresh = await generateClientTypes();
    // Compared whole: a route or schema changed without regenerating leaves the typed client wrong.
    expect(readFileSync(TYPES_FILE, 'utf8') === fresh, 'embed/server/openapi.d.ts is stale: run `npm run generate:client`').toBe(true);
    expect(fresh).toMatch(/"\/v1\/payment_intents\/\{id\}\/capture": \{/);
  });
});
