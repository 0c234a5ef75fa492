import { describe, expect, it } from 'vitest';
import { FaultBoard } from './faults.ts';
import { operationOf } from './server/fault-door.ts';

describe('FaultBoard', () => {
  it('takes calls of its operation and merchant, count times, oldest fault first', () => {
    const board = new FaultBoard();
    const a = board.arm({ operation: 'charge', kind: 'down', count: 2, merchant: 'm1' });
    const b = board.arm({ operation: 'any', kind: 'lose_answer' });
    expect(board.take('refund', 'm1')).toMatchObject({ kind: 'lose_answer', fault: b.id });
    expect(board.take('charge', 'm2')).toEqual({ kind: 'pass' });
    expect(board.take('charge', 'm1')).toMatchObject({ kind: 'down', fault: a.id });
    expect(board.take('charge', 'm1')).toMatchObject({ kind: 'down', fault: a.id });
    expect(board.take('charge', 'm1')).toEqual({ kind: 'pass' });
    expect(board.list().map((f) => f.remaining)).toEqual([0, 0]);
  });

  it('slow carries its delay, 2 s by default', () => {
    const board = new FaultBoard();
    board.arm({ operation: 'capture', kind: 'slow' });
    board.arm({ operation: 'capture', kind: 'slow', delayMs: 50 });
    expect(board.take('capture', null)).toMatchObject({ kind: 'slow', delayMs: 2000 });
    expect(board.take('capture', null)).toMatchObject({ kind: 'slow', delayMs: 50 });
  });

  it('release lets held calls in one at a time in arrival order, and answers once each was acted on', async () => {
    const board = new FaultBoard();
    const f = board.arm({ operation: 'refund', kind: 'hold', count: 2 });
    const order: string[] = [];
    const call = async (name: string) => {
      const v = board.take('refund', null);
      if (v.kind !== 'hold') throw new Error('not held');
      if (!(await v.entered)) return order.push(`${name} dropped`);
      order.push(`${name} in`);
      await new Promise((r) => setTimeout(r, 20));
      order.push(`${name} acted`);
      v.acted();
    };
    const calls = [call('first'), call('second')];
    expect(board.get(f.id)).toMatchObject({ held: 2, remaining: 0 });
    expect(await board.release(f.id)).toBe(2);
    expect(order).toEqual(['first in', 'first acted', 'second in', 'second acted']);
    await Promise.all(calls);
    expect(board.get(f.id)).toMatchObject({ held: 0 });
    expect(await board.release('flt_nope')).toBeUndefined();
  });

  it('disarm drops what it holds, and forgets the fault', async () => {
    const board = new FaultBoard();
    const f = board.arm({ operation: 'void', kind: 'hold' });
    const v = board.take('void', null);
    expect(v.kind).toBe('hold');
    expect(board.disarm(f.id)).toBe(true);
    expect(await (v as { entered: Promise<boolean> }).entered).toBe(false);
    expect(board.disarm(f.id)).toBe(false);
    expect(board.list()).toEqual([]);
  });
});

describe('operationOf', () => {
  it('names each call the service makes, and no test or switchboard route', () => {
    expect(operationOf('POST', '/v1/transactions')).toBe('charge');
    expect(operationOf('POST', '/v1/transactions/t1/capture')).toBe('capture');
    expect(operationOf('POST', '/v1/transactions/t1/void')).toBe('void');
    expect(operationOf('GET', '/v1/transactions/t1')).toBe('lookup');
    expect(operationOf('GET', '/v1/transactions')).toBe('lookup');
    expect(operationOf('GET', '/v1/refunds')).toBe('lookup');
    expect(operationOf('POST', '/v1/refunds')).toBe('refund');
    expect(operationOf('POST', '/v1/vault')).toBe('vault');
    expect(operationOf('POST', '/v1/charges')).toBe('browser_charge');
    expect(operationOf('POST', '/v1/client_tokens')).toBe('other');
    expect(operationOf('POST', '/v1/client_tokens/tok/revoke')).toBe('other');
    expect(operationOf('POST', '/v1/transactions/t1/challenge')).toBeNull();
    expect(operationOf('POST', '/v1/events')).toBeNull();
    expect(operationOf('POST', '/v1/_faults')).toBeNull();
    expect(operationOf('GET', '/v1/_ledger')).toBeNull();
    expect(operationOf('GET', '/fields')).toBeNull();
  });
});
