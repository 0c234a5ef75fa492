import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './webhook-delivery.ts';

describe('the retry schedule', () => {
  it('waits 30 s, then about twice as long each time, never more than an hour, shortened by up to 10%', () => {
    expect(retryDelayMs(1, () => 0.999999)).toBe(29_999);
    expect(retryDelayMs(1, () => 0)).toBe(27_000);
    expect(retryDelayMs(2, () => 0)).toBe(54_000);
    expect(retryDelayMs(8, () => 0.999999)).toBeLessThanOrEqual(3_600_000);
    expect(retryDelayMs(50, () => 0.999999)).toBeLessThanOrEqual(3_600_000);
    expect(retryDelayMs(50, () => 0)).toBe(3_240_000);
  });
});
