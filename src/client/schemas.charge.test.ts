/** The charge and token shapes' mirrors (schemas.test.ts says how the samples are checked). */
import * as api from '../api/checkout.ts';
import * as proc from '../api/processor.ts';
import * as tokens from '../api/tokens.ts';
import * as hand from './parsers.ts';
import { declined, mirrorsAgree, variants } from './schemas.fixtures.ts';
import * as mini from './schemas.ts';

const cardOk = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };


mirrorsAgree([
  {
    name: 'PublicChargeResponse',
    hand: hand.PublicChargeResponseParser,
    classic: api.PublicChargeResponse,
    mirror: mini.PublicChargeResponse,
    samples: [
      ...variants({ status: 'succeeded', sessionId: 'cs_1', paymentIntentId: 'pi_1' }),
      { status: 'failed', sessionId: 'cs_1', error: declined, retry: { allowed: true, attempts_remaining: 2 } },
      { status: 'failed', sessionId: 'cs_1', error: declined, retry: null },
      { status: 'failed', sessionId: 'cs_1', error: { code: 'card_declined' } },
      { status: 'requires_action', sessionId: 'cs_1', next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://bank.test/3ds' } } },
      { status: 'requires_action', sessionId: 'cs_1', next_action: { type: 'redirect_to_url' } },
      { status: 'requires_action', sessionId: 'cs_1', next_action: { type: 'redirect_to_url', redirect_to_url: { url: 1 } } },
      { status: 'processing', sessionId: 'cs_1' },
      { status: 'canceled', sessionId: 'cs_1' },
      { status: 'failed', sessionId: 'cs_1', retry: { allowed: true, attempts_remaining: 0.5 } },
    ],
  },
  {
    name: 'PublicToken',
    hand: hand.PublicTokenParser,
    classic: tokens.PublicToken,
    mirror: mini.PublicToken,
    samples: [
      ...variants({ id: 'vp_pmt_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } }),
      { id: 'vp_pmt_1', card: { brand: null, last4: null, exp_month: null, exp_year: null } },
      { id: 'vp_pmt_1', card: { brand: 'visa', last4: '4242', exp_month: 12.5, exp_year: 2030 } },
      { id: 'vp_pmt_1', card: { brand: 'visa', last4: '4242' } },
      { id: 'vp_pmt_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, fingerprint: 'stripped' } },
    ],
  },
  {
    name: 'ChargeCard (strict)',
    hand: hand.ChargeCardParser,
    classic: api.ChargeCard,
    mirror: mini.ChargeCard,
    samples: [
      ...variants(cardOk),
      { ...cardOk, postalCode: '94107' },
      { ...cardOk, postalCode: 'x'.repeat(17) },
      { ...cardOk, number: '424242424242' },
      { ...cardOk, number: '42424242424' },
      { ...cardOk, number: '4'.repeat(19) },
      { ...cardOk, number: '4'.repeat(20) },
      { ...cardOk, number: '4242 4242 4242 4242' },
      { ...cardOk, expMonth: 0 },
      { ...cardOk, expMonth: 13 },
      { ...cardOk, expMonth: 1, expYear: 2000 },
      { ...cardOk, expYear: 1999 },
      { ...cardOk, expYear: 2101 },
      { ...cardOk, expYear: 2030.5 },
      { ...cardOk, cvc: '1234' },
      { ...cardOk, cvc: '12' },
      { ...cardOk, cvc: '12345' },
      { ...cardOk, cvc: 123 },
      { ...cardOk, name: 'A Buyer' },
    ],
  },
  {
    name: 'ProcessorChargeResponse',
    classic: proc.ProcessorChargeResponse,
    mirror: mini.ProcessorChargeResponse,
    samples: [
      ...variants({ transactionId: 'sbx_tx_1', status: 'approved', brand: 'visa', last4: '4242' }),
      { transactionId: 'sbx_tx_2', status: 'declined', declineCode: 'card_declined', brand: 'visa', last4: '0002' },
      { transactionId: 'sbx_tx_2', status: 'failed', brand: 'visa', last4: '0002' },
      { transactionId: 'sbx_tx_2', status: 'declined', declineCode: null, brand: 'visa', last4: '0002' },
      { error: 'Token already used', code: 'token_used' },
    ],
  },
]);
