import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../../src/platform/signature.ts';
import { SIGNATURE_HEADER, verifyWebhook } from './index.ts';

const body = JSON.stringify({ id: 'vp_evt_test_1', type: 'charge.succeeded', created: 1, livemode: false, merchant_id: 'm', data: { amount: 100 } });
const now = 1_800_000_000;

describe('svcpay/webhooks', () => {
  it('returns the event when the signature is good, with either secret during a rotation', () => {
    const header = signatureHeader(['whsec_new', 'whsec_old'], body, now);
    expect(verifyWebhook({ rawBody: body, signature: header, secret: 'whsec_old', now })).toMatchObject({ id: 'vp_evt_test_1', data: { amount: 100 } });
    expect(verifyWebhook({ rawBody: body, signature: header, secret: ['whsec_x', 'whsec_new'], now }).type).toBe('charge.succeeded');
    expect(SIGNATURE_HEADER).toBe('x-svc-signature');
  });

  it('throws for another secret, a changed body, a missing header or a t more than 300 s away', () => {
    const header = signatureHeader(['whsec_a'], body, now);
    expect(() => verifyWebhook({ rawBody: body, signature: header, secret: 'whsec_b', now })).toThrow(/signature/);
    expect(() => verifyWebhook({ rawBody: body.replace('100', '999'), signature: header, secret: 'whsec_a', now })).toThrow();
    expect(() => verifyWebhook({ rawBody: body, signature: undefined, secret: 'whsec_a', now })).toThrow();
    expect(() => verifyWebhook({ rawBody: body, signature: header, secret: 'whsec_a', now: now + 301 })).toThrow();
    expect(verifyWebhook({ rawBody: body, signature: header, secret: 'whsec_a', now: now + 300 }).id).toBe('vp_evt_test_1');
  });

  it('takes the body as express.raw() gives it (a Buffer) and the header as Node gives it (string or array)', () => {
    const accented = JSON.stringify({ id: 'vp_evt_test_2', type: 'charge.succeeded', created: 1, livemode: false, merchant_id: 'm', data: { description: 'Crème brûlée ☕' } });
    const header = signatureHeader(['whsec_a'], accented, now);
    expect(verifyWebhook({ rawBody: Buffer.from(accented, 'utf8'), signature: header, secret: 'whsec_a', now }).data).toEqual({ description: 'Crème brûlée ☕' });
    expect(verifyWebhook({ rawBody: new TextEncoder().encode(accented), signature: [header], secret: 'whsec_a', now }).id).toBe('vp_evt_test_2');
    // A header sent twice: Node gives both; the entries are read together.
    const [t, v1] = header.split(',');
    expect(verifyWebhook({ rawBody: accented, signature: [t!, v1!], secret: 'whsec_a', now }).id).toBe('vp_evt_test_2');
    // Bytes still have to be the bytes svcpay signed.
    expect(() => verifyWebhook({ rawBody: Buffer.from(accented.replace('☕', '!'), 'utf8'), signature: header, secret: 'whsec_a', now })).toThrow(/signature/);
    expect(() => verifyWebhook({ rawBody: Buffer.from([0xff, 0xfe, 0x7b]), signature: header, secret: 'whsec_a', now })).toThrow(/signature/);
  });

  it('says what to do when handed a body that was parsed already', () => {
    const header = signatureHeader(['whsec_a'], body, now);
    expect(() => verifyWebhook({ rawBody: JSON.parse(body) as never, signature: header, secret: 'whsec_a', now })).toThrow(/express\.raw/);
  });
});
