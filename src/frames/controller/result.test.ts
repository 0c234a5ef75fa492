import { describe, expect, it } from 'vitest';
import { fromCharge } from './result.ts';

describe('a refused charge as the page reads it', () => {
  it('reports Doc 2’s buyer_required_for_saved_card under its browser name, with the service’s message (a merchant fault)', () => {
    const res = { ok: false as const, status: 422, error: { code: 'buyer_required_for_saved_card', error: 'The session needs a buyer.' } };
    expect(fromCharge(res as never, 'ses_1')).toEqual({ status: 'failed', sessionId: 'ses_1', error: { code: 'frame_buyer_required_for_saved_card', message: 'The session needs a buyer.' } });
  });
});
