import { describe, expect, it } from 'vitest';
import { TRANSITIONS, canMove } from './session-status.ts';
import { sessionStatuses } from '../../domain/index.ts';

describe('session status table (Doc 1)', () => {
  it('allows exactly the moves of the table; succeeded and expired are terminal', () => {
    const allowed = sessionStatuses.flatMap((from) => sessionStatuses.filter((to) => from !== to && canMove(from, to)).map((to) => `${from}>${to}`));
    expect(allowed.sort()).toEqual(
      [
        'pending>processing', 'pending>succeeded', 'pending>failed', 'pending>expired',
        'processing>pending', 'processing>succeeded', 'processing>failed', 'processing>expired',
        'failed>succeeded', 'failed>pending', 'failed>expired',
      ].sort(),
    );
    expect(TRANSITIONS.succeeded).toEqual([]);
    expect(TRANSITIONS.expired).toEqual([]);
  });
});
