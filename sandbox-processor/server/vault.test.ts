import { describe, expect, it } from 'vitest';
import { providerReferenceOf, testCards } from '../cards.ts';
import { CARD, serverAuth, testProcessor } from '../testing.ts';

describe('sandbox vault', () => {
  it('vaults every card of the table by its provider reference, with a fixed future expiry', async () => {
    const { call } = testProcessor();
    for (const c of testCards) {
      const res = await call('POST', '/v1/vault', { providerReference: providerReferenceOf(c), livemode: false });
      expect(res.status, c.number).toBe(201);
      const body = await res.json();
      expect(body.vaultId).toMatch(/^sbx_pm_/);
      expect(body.card).toEqual({ brand: c.brand, last4: c.number.slice(-4), expMonth: 12, expYear: 2034 });
    }
    expect((await (await call('POST', '/v1/vault', { providerReference: 'tok_sandbox_unionpay_0005', livemode: false })).json()).card.brand).toBe('unionpay');
  });

  it('refuses any other reference with a clear unknown_reference, and vaults nothing', async () => {
    const { call, count } = testProcessor();
    for (const providerReference of ['tok_sandbox_visa_1234', 'tok_sandbox_mastercard_4242', 'tok_visa_4242', 'tok_sandbox_VISA_4242', '4242424242424242']) {
      const res = await call('POST', '/v1/vault', { providerReference, livemode: false });
      expect(res.status, providerReference).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('unknown_reference');
      expect(body.error).toContain('tok_sandbox_<brand>_<last four>');
    }
    expect((await call('POST', '/v1/vault', { providerReference: 'tok_sandbox_visa_4242', livemode: false, extra: 1 })).status).toBe(400);
    expect(count('SELECT count(*) AS n FROM vault')).toBe(0);
  });

  it('vaults card data after the checks a charge makes, and never keeps the number or CVC', async () => {
    const { call, count, everything } = testProcessor();
    const cards = [
      { ...CARD, number: '4000000000000002', cvc: '987' },
      { number: '378282246310005', expMonth: 3, expYear: 2039, cvc: '7341' },
      { ...CARD, number: '4000000000003220', cvc: '456' },
    ];
    for (const card of cards) expect((await call('POST', '/v1/vault', { card, livemode: false })).status).toBe(201);
    for (const [card, code] of [
      [{ ...CARD, number: '4242424242424241' }, 'invalid_number'],
      [{ ...CARD, cvc: '1234' }, 'invalid_cvc'],
      [{ ...CARD, expYear: 2001 }, 'invalid_expiry'],
    ] as const) {
      const res = await call('POST', '/v1/vault', { card, livemode: false });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe(code);
    }
    expect(count('SELECT count(*) AS n FROM vault')).toBe(3);
    const rows = everything();
    for (const card of cards) {
      expect(rows).not.toContain(card.number);
      // As a value of its own (a bare substring could be part of a random id or a timestamp).
      expect(rows).not.toMatch(new RegExp(`[:,\\[]"?${card.cvc}"?[,}\\]]`));
    }
  });

  it('charges a vaulted card with its table behaviour; no CVC ever given reads not_provided', async () => {
    const { direct, vault } = testProcessor();
    const plain = await direct({ vaultId: await vault('tok_sandbox_visa_4242'), reference: 'att_1', billingPostalCode: '99999' });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ status: 'approved', cvvResult: 'not_provided', avsResult: 'no_match', card: { last4: '4242', expYear: 2034 } });
    expect((await direct({ vaultId: await vault('tok_sandbox_visa_9995') })).body).toMatchObject({ status: 'declined', declineCode: 'insufficient_funds' });
    expect((await direct({ vaultId: await vault('tok_sandbox_visa_0033') })).body).toMatchObject({ ruleCode: 'sandbox_block' });
    const challenge = await direct({ vaultId: await vault('tok_sandbox_visa_3220'), returnUrl: 'https://shop.example/back' });
    expect(challenge.body.status).toBe('requires_action');
    expect((await direct({ vaultId: await vault('tok_sandbox_visa_3220') })).body.code).toBe('missing_redirect_url');
  });

  it('keeps the CVV result of a card vaulted with its CVC', async () => {
    const { direct, call } = testProcessor();
    const vaultId = (await (await call('POST', '/v1/vault', { card: { ...CARD, cvc: '000' }, livemode: false })).json()).vaultId;
    expect((await direct({ vaultId })).body.cvvResult).toBe('no_match');
    expect((await direct({ vaultId, merchantInitiated: true })).body.cvvResult).toBe('not_provided');
  });

  it("refuses another account's vaulted card, the other mode's, and an unknown id, recording nothing", async () => {
    const { direct, vault, count } = testProcessor();
    const vaultId = await vault('tok_sandbox_visa_4242');
    expect((await direct({ vaultId }, serverAuth('another_merchant'))).body.code).toBe('unknown_vault_id');
    expect((await direct({ vaultId, livemode: true })).body.code).toBe('unknown_vault_id');
    expect((await direct({ vaultId: 'sbx_pm_nope' })).status).toBe(400);
    expect((await direct({ vaultId, card: CARD })).status).toBe(400);
    expect((await direct({})).status).toBe(400);
    expect(count('SELECT count(*) AS n FROM transactions')).toBe(0);
  });
});

describe('sandbox charges are idempotent per reference', () => {
  it('20 parallel charges with one reference make exactly one transaction, all answering it', async () => {
    const { direct, vault, count } = testProcessor();
    const vaultId = await vault('tok_sandbox_visa_4242');
    const answers = await Promise.all(Array.from({ length: 20 }, () => direct({ vaultId, reference: 'att_race' })));
    expect(count('SELECT count(*) AS n FROM transactions')).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(19);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  });

  it('refuses the same reference for another amount or another card, and a challenge charge retried keeps its state', async () => {
    const { direct, vault, count } = testProcessor();
    const vaultId = await vault('tok_sandbox_visa_4242');
    await direct({ vaultId, reference: 'att_1' });
    const other = await direct({ vaultId, reference: 'att_1', amount: 900 });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('reference_reused');
    expect((await direct({ vaultId: await vault('tok_sandbox_mastercard_4444'), reference: 'att_1' })).status).toBe(409);
    expect(count('SELECT count(*) AS n FROM transactions')).toBe(1);
  });
});
