// @vitest-environment happy-dom
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatusPanel, statusPanelStates } from './index.ts';

let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  render(null, container);
  container.remove();
});

describe('StatusPanel', () => {
  it('announces success politely', () => {
    render(<StatusPanel kind="success" detail="Returning you to Demo Shop…" />, container);
    const status = container.querySelector('[role="status"]')!;
    expect(status.querySelector('h2')?.textContent).toBe('Payment successful');
    expect(status.textContent).toContain('Returning you to Demo Shop…');
  });

  it('puts the decline wording alone in an alert', () => {
    render(<StatusPanel kind="declined" message="Your card was declined. Try another card." />, container);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Your card was declined. Try another card.');
  });

  it('shows not found and expired as page headings', () => {
    render(<StatusPanel kind="not_found" headingLevel={1} />, container);
    expect(container.querySelector('h1')?.textContent).toBe('Checkout not found');
    render(<StatusPanel kind="expired" headingLevel={1} />, container);
    expect(container.querySelector('h1')?.textContent).toBe('This checkout has expired');
  });

  it('offers a retry on errors', () => {
    const onRetry = vi.fn();
    render(<StatusPanel kind="error" onRetry={onRetry} />, container);
    expect(container.querySelector('[role="alert"]')).toBeTruthy();
    const button = container.querySelector('button')!;
    expect(button.textContent).toBe('Try again');
    button.click();
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('renders every demo state', () => {
    for (const state of Object.values(statusPanelStates)) {
      render(<StatusPanel {...state.props} />, container);
      expect(container.querySelector('.svp-status')).toBeTruthy();
    }
  });
});
