// @vitest-environment happy-dom
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderSummary, orderSummaryStates } from './index.ts';

let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  render(null, container);
  container.remove();
});

describe('OrderSummary', () => {
  it('shows the merchant, description, line totals and the total', () => {
    render(<OrderSummary {...orderSummaryStates['line-items']!.props} />, container);
    expect(container.querySelector('h1')?.textContent).toBe('Demo Shop');
    expect(container.textContent).toContain('Order #1042');
    const items = [...container.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['T-shirt Qty 2$30.00', 'Sticker pack$16.50']);
    expect(container.querySelector('.svp-summary__total-amount')?.textContent).toBe('$46.50');
  });

  it('marks sandbox sessions', () => {
    render(<OrderSummary {...orderSummaryStates.sandbox!.props} />, container);
    expect(container.textContent).toContain('Sandbox');
  });

  it('formats in the buyer locale', () => {
    render(<OrderSummary {...orderSummaryStates.french!.props} />, container);
    expect(container.textContent?.replace(/\s/g, ' ')).toContain('25,00 €');
    expect(container.textContent).toContain('Total');
  });

  it('renders every demo state', () => {
    for (const state of Object.values(orderSummaryStates)) {
      render(<OrderSummary {...state.props} />, container);
      expect(container.querySelector('h1')).toBeTruthy();
    }
  });
});
