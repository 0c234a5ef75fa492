import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { DescriptorConfig, type ResolvedDescriptor as ResolvedDescriptorWire } from '../../../api/descriptors.ts';
import type { ResolvedDescriptor } from '../../engine/descriptors/descriptors.ts';
import { bearer, testApp } from '../../testing.ts';

const PATH = '/v1/descriptor_config';

const configured = {
  name: 'ACME STORE',
  city: 'Springfield',
  country: 'US',
  phone: '+1 555 0100',
  url: 'acme.example',
  postalCode: '12345',
  suffix: { source: 'custom', key: 'campaign', fallback: 'literal', literal: 'WEB' },
} as const;

describe('GET /v1/descriptor_config', () => {
  it("answers the merchant's configuration in snake_case, with what its connection carries", async () => {
    const t = await testApp();
    const m = await t.merchant({ settings: { descriptor: configured } });
    const res = await t.json('GET', PATH, undefined, bearer(m.keys.secret));
    expect(res.status).toBe(200);
    const body = DescriptorConfig.parse(await res.json());
    expect(body).toEqual({
      descriptor: {
        name: 'ACME STORE',
        city: 'Springfield',
        country: 'US',
        phone: '+1 555 0100',
        url: 'acme.example',
        postal_code: '12345',
        suffix: { source: 'custom', key: 'campaign', fallback: 'literal', literal: 'WEB' },
      },
      passthrough: 'on',
      connection: 'suffix',
    });
  });

  it('answers null for the fields and the descriptor that are not configured', async () => {
    const t = await testApp();
    const bare = await t.merchant({ settings: { descriptor: { name: 'ACME', suffix: { source: 'order_id', fallback: 'pi_ref' } } } });
    expect((await (await t.json('GET', PATH, undefined, bearer(bare.keys.secret))).json()).descriptor).toEqual({
      name: 'ACME',
      city: null,
      country: null,
      phone: null,
      url: null,
      postal_code: null,
      suffix: { source: 'order_id', key: null, fallback: 'pi_ref', literal: null },
    });
    const none = await t.merchant();
    expect(await (await t.json('GET', PATH, undefined, bearer(none.keys.secret))).json()).toEqual({ descriptor: null, passthrough: 'on', connection: 'suffix' });
  });

  it.each([
    ['sandbox', 'suffix'],
    ['card_element', 'suffix'],
    ['hosted_fields', 'descriptor'],
    ['vault_hosted_fields', 'descriptor'],
    ['agent_hosted_fields', 'unsupported'],
    ['none', 'unsupported'],
  ] as const)('names the connection of a %s merchant: %s', async (processor, connection) => {
    const t = await testApp();
    const m = await t.merchant({ processor });
    expect((await (await t.json('GET', PATH, undefined, bearer(m.keys.secret))).json()).connection).toBe(connection);
  });

  it('says passthrough is off when the platform kill switch is on', async () => {
    const t = await testApp({ SVCPAY_DESCRIPTOR_PASSTHROUGH: 'off' });
    const m = await t.merchant({ settings: { descriptor: configured } });
    expect((await (await t.json('GET', PATH, undefined, bearer(m.keys.secret))).json()).passthrough).toBe('off');
  });

  it('takes a secret key only', async () => {
    const t = await testApp();
    const m = await t.merchant();
    expect((await t.json('GET', PATH)).status).toBe(401);
    const pk = await t.json('GET', PATH, undefined, bearer(m.keys.publishable));
    expect(pk.status).toBe(403);
    expect((await pk.json()).code).toBe('auth_key_type_forbidden');
  });

  it('shows each merchant only its own configuration', async () => {
    const t = await testApp();
    const a = await t.merchant({ settings: { descriptor: configured } });
    const b = await t.merchant();
    expect((await (await t.json('GET', PATH, undefined, bearer(b.keys.secret))).json()).descriptor).toBeNull();
    expect((await (await t.json('GET', PATH, undefined, bearer(a.keys.secret))).json()).descriptor.name).toBe('ACME STORE');
  });

  it('is in the OpenAPI contract with its shape described', async () => {
    const t = await testApp();
    const doc = (await (await t.app.request('/openapi.json')).json()) as { paths: Record<string, { get?: { security?: unknown; responses: Record<string, unknown> } }> };
    const op = doc.paths[PATH]?.get;
    expect(op?.security).toEqual([{ secretKey: [] }]);
    expect(JSON.stringify(op?.responses['200'])).toMatch(/registered prefix prints/);
  });

  it('the wire schema of resolved_descriptor is the engine type', () => {
    expectTypeOf<z.infer<typeof ResolvedDescriptorWire>>().toEqualTypeOf<ResolvedDescriptor>();
  });
});
