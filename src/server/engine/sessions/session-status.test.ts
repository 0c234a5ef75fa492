import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../domain/index.ts';
import { moveTo } from './session-status.ts';

const NOW = '2030-01-01T00:00:00.000Z';
const session = (status: SessionRecord['status']) => ({ id: 'vp_cs_test_1', status, updatedAt: '2029-12-31T00:00:00.000Z' }) as SessionRecord;

describe('moveTo', () => {
  it('refuses a move the status table does not list, and changes nothing', () => {
    for (const [from, to] of [['succeeded', 'pending'], ['expired', 'succeeded'], ['succeeded', 'failed'], ['expired', 'processing'], ['failed', 'processing']] as const) {
      const s = session(from);
      expect(() => moveTo(s, to, { chargeLock: 'att_1' }, NOW)).toThrow(expect.objectContaining({ code: 'session_wrong_state', message: `A session cannot go from ${from} to ${to}.` }));
      expect(s).toEqual(session(from));
    }
  });

  it('makes a listed move with its changes and the time of the move', () => {
    expect(moveTo(session('pending'), 'processing', { chargeLock: 'att_1' }, NOW)).toMatchObject({ status: 'processing', chargeLock: 'att_1', updatedAt: NOW });
    expect(moveTo(session('failed'), 'pending', {}, NOW)).toMatchObject({ status: 'pending', updatedAt: NOW });
  });
});
