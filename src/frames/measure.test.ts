// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { reportableHeight } from './measure.ts';

function box(height: number, empty = false): Element {
  const el = document.createElement('div');
  if (!empty) el.appendChild(document.createElement('div'));
  el.getBoundingClientRect = () => ({ height, width: 300, x: 0, y: 0, top: 0, left: 0, right: 300, bottom: height, toJSON: () => ({}) });
  return el;
}

describe('reportableHeight', () => {
  it('is the content height once the frame has a width', () => {
    expect(reportableHeight(box(222), { innerWidth: 464 })).toBe(222);
    expect(reportableHeight(box(146), { innerWidth: 1 })).toBe(146);
  });

  it('is nothing while the frame has no width yet, whatever its content measures', () => {
    expect(reportableHeight(box(270), { innerWidth: 0 })).toBeNull();
  });

  it('is nothing while the view has drawn nothing yet (the skeleton stays)', () => {
    expect(reportableHeight(box(6, true), { innerWidth: 464 })).toBeNull();
  });

  it('is nothing while the box measures 0 px (not laid out, or torn down): never a 0 px frame', () => {
    expect(reportableHeight(box(0), { innerWidth: 464 })).toBeNull();
  });

  it('reads the frame’s own window by default', () => {
    expect(reportableHeight(box(50))).toBe(window.innerWidth > 0 ? 50 : null);
  });
});
