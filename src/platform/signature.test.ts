import { describe, expect, it } from 'vitest';
import { sign, signatureHeader, verifySignature } from './signature.ts';

const SECRET = 'whsec_test_one';
const OTHER = 'whsec_test_two';
const BODY = '{"id":"evt_1","type":"capture.settled"}';
const T = 1_900_000_000;

describe('webhook signature', () => {
  it('is the hex HMAC-SHA256 of "<t>.<body>" keyed with the full secret', () => {
    // Known answer, computed independently: printf '1900000000.{"id":"evt_1","type":"capture.settled"}' | openssl dgst -sha256 -hmac whsec_test_one
    expect(sign(SECRET, BODY, T)).toBe('adcf1e2d2dec4f24c5b7a620011398ec9d946aae30e27c16594abc8b5fd433a5');
    expect(signatureHeader([SECRET], BODY, T)).toBe(`t=${T},v1=${sign(SECRET, BODY, T)}`);
    expect(sign(SECRET, BODY, T)).not.toBe(sign(SECRET, BODY, T + 1));
  });

  it('verifies a fresh, untouched delivery', () => {
    expect(verifySignature(signatureHeader([SECRET], BODY, T), [SECRET], BODY, T + 10)).toBe(true);
  });

  it('refuses a tampered body, a wrong secret and a missing or garbled header', () => {
    const header = signatureHeader([SECRET], BODY, T);
    expect(verifySignature(header, [SECRET], BODY.replace('evt_1', 'evt_2'), T)).toBe(false);
    expect(verifySignature(header, [OTHER], BODY, T)).toBe(false);
    expect(verifySignature(header.replace(/t=\d+/, `t=${T + 1}`), [SECRET], BODY, T)).toBe(false);
    expect(verifySignature(undefined, [SECRET], BODY, T)).toBe(false);
    expect(verifySignature('', [SECRET], BODY, T)).toBe(false);
    expect(verifySignature(`t=${T}`, [SECRET], BODY, T)).toBe(false);
    expect(verifySignature(`v1=${sign(SECRET, BODY, T)}`, [SECRET], BODY, T)).toBe(false);
    expect(verifySignature(`t=${T},t=${T},v1=${sign(SECRET, BODY, T)}`, [SECRET], BODY, T)).toBe(false);
    expect(verifySignature(`t=${T},v1=zz`, [SECRET], BODY, T)).toBe(false);
    expect(verifySignature(header, [], BODY, T)).toBe(false);
  });

  it('refuses a t more than 300 seconds from the receiver clock, either way, unless told otherwise', () => {
    const header = signatureHeader([SECRET], BODY, T);
    expect(verifySignature(header, [SECRET], BODY, T + 300)).toBe(true);
    expect(verifySignature(header, [SECRET], BODY, T - 300)).toBe(true);
    expect(verifySignature(header, [SECRET], BODY, T + 301)).toBe(false);
    expect(verifySignature(header, [SECRET], BODY, T - 301)).toBe(false);
    expect(verifySignature(header, [SECRET], BODY, T + 1000, 1000)).toBe(true);
  });

  it('carries one v1 per secret during a rotation, new first, and either secret verifies', () => {
    const header = signatureHeader([OTHER, SECRET], BODY, T);
    expect(header).toBe(`t=${T},v1=${sign(OTHER, BODY, T)},v1=${sign(SECRET, BODY, T)}`);
    expect(verifySignature(header, [SECRET], BODY, T)).toBe(true);
    expect(verifySignature(header, [OTHER], BODY, T)).toBe(true);
    expect(verifySignature(signatureHeader([SECRET], BODY, T), [OTHER, SECRET], BODY, T)).toBe(true);
    expect(verifySignature(header, ['whsec_third'], BODY, T)).toBe(false);
  });
});
