// @vitest-environment happy-dom
import { render } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../test-dom.ts';
import { StatusPanel, statusPanelStates } from './index.ts';

const root = mountPoint();

describe('StatusPanel', () => {
  it('announces success politely', () => {
    render(<StatusPanel kind="success" detail="Returning you to Demo Shop…" />, root.el);
    const status = root.el.querySelector('[role="status"]')!;
    expect(status.querySelector('h2')?.textContent).toBe('Payment successful');
    expect(status.textContent).toContain('Returning you to Demo Shop…');
  });

  it('puts the decline wording alone in an alert', () => {
    render(<StatusPanel kind="declined" message="Your card was declined. Try another card." />, root.el);
    expect(root.el.querySelector('[role="alert"]')?.textContent).toBe('Your card was declined. Try another card.');
  });

  it('shows not found and expired as page headings', () => {
    render(<StatusPanel kind="not_found" headingLevel={1} />, root.el);
    expect(root.el.querySelector('h1')?.textContent).toBe('Checkout not found');
    render(<StatusPanel kind="expired" headingLevel={1} />, root.el);
    expect(root.el.querySelector('h1')?.textContent).toBe('This checkout has expired');
  });

  it('offers a retry on errors', () => {
    const onRetry = vi.fn();
    render(<StatusPanel kind="error" onRetry={onRetry} />, root.el);
    expect(root.el.querySelector('[role="alert"]')).toBeTruthy();
    const button = root.el.querySelector('button')!;
    expect(button.textContent).toBe('Try again');
    button.click();
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('renders every demo state', () => {
    for (const state of Object.values(statusPanelStates)) {
      render(<StatusPanel {...state.props} />, root.el);
      expect(root.el.querySelector('.svp-status')).toBeTruthy();
    }
  });
});
