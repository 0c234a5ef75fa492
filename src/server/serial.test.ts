import { describe, expect, it } from 'vitest';
import { oneAtATime } from './serial.ts';

describe('oneAtATime', () => {
  it('never runs two passes at once; calls during a pass share one more pass, which starts after it', async () => {
    let running = 0;
    let most = 0;
    let passes = 0;
    const gates: (() => void)[] = [];
    const run = oneAtATime(async () => {
      running++;
      most = Math.max(most, running);
      const n = ++passes;
      await new Promise<void>((r) => gates.push(r));
      running--;
      return n;
    });
    const first = run();
    await Promise.resolve();
    await Promise.resolve();
    const during = [run(), run(), run()];
    expect(during[0]).toBe(during[2]);
    gates.shift()!();
    expect(await first).toBe(1);
    await new Promise((r) => setTimeout(r));
    gates.shift()!();
    expect(await Promise.all(during)).toEqual([2, 2, 2]);
    expect([passes, most]).toEqual([2, 1]);
  });

  it('keeps going after a pass that failed', async () => {
    let n = 0;
    const run = oneAtATime(async () => {
      if (++n === 1) throw new Error('store locked');
      return n;
    });
    await expect(run()).rejects.toThrow('store locked');
    expect(await run()).toBe(2);
  });
});
