// @vitest-environment happy-dom
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { mountPoint } from '../test-dom.ts';
import { OrderSummary, orderSummaryStates } from './index.ts';

const root = mountPoint();

describe('OrderSummary', () => {
  it('shows the merchant, description, line totals and the total', () => {
    render(<OrderSummary {...orderSummaryStates['line-items']!.props} />, root.el);
    expect(root.el.querySelector('h1')?.textContent).toBe('Demo Shop');
    expect(root.el.textContent).toContain('Order #1042');
    const items = [...root.el.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['T-shirt Qty 2$30.00', 'Sticker pack$16.50']);
    expect(root.el.querySelector('.svp-summary__total-amount')?.textContent).toBe('$46.50');
  });

  it('marks sandbox sessions', () => {
    render(<OrderSummary {...orderSummaryStates.sandbox!.props} />, root.el);
    expect(root.el.textContent).toContain('Sandbox');
  });

  it('formats in the buyer locale', () => {
    render(<OrderSummary {...orderSummaryStates.french!.props} />, root.el);
    expect(root.el.textContent?.replace(/\s/g, ' ')).toContain('25,00 €');
    expect(root.el.textContent).toContain('Total');
  });

  it('renders every demo state', () => {
    for (const state of Object.values(orderSummaryStates)) {
      render(<OrderSummary {...state.props} />, root.el);
      expect(root.el.querySelector('h1')).toBeTruthy();
    }
  });
});
