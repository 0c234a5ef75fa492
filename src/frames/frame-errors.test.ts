import { describe, expect, it, vi } from 'vitest';
import { watchErrors } from './frame-errors.ts';

describe('watchErrors', () => {
  it('reports a code and where, never the message, and tells the listener', () => {
    const target = new EventTarget();
    const report = vi.fn();
    const onError = vi.fn();
    watchErrors(target, 'field', report, onError, 'cs_1');
    const error = new TypeError('cannot read 4242424242424242');
    target.dispatchEvent(Object.assign(new Event('error'), { error }));
    expect(report).toHaveBeenCalledWith({ sessionId: 'cs_1', message: 'field: frame_error', context: { code: 'frame_error', where: 'field', kind: 'error', name: 'TypeError' } });
    expect(JSON.stringify(report.mock.calls)).not.toContain('4242');
    expect(onError).toHaveBeenCalledWith('frame_error');
  });

  it('reports unhandled rejections too, and at most five errors per frame', () => {
    const target = new EventTarget();
    const report = vi.fn();
    watchErrors(target, 'controller', report, () => {});
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'x' }));
    expect(report.mock.calls[0]![0]).toMatchObject({ context: { kind: 'unhandledrejection', name: 'string' } });
    for (let i = 0; i < 10; i++) target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('again') }));
    expect(report).toHaveBeenCalledTimes(5);
  });
});
