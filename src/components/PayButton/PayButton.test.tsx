// @vitest-environment happy-dom
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PayButton } from './index.ts';

let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  render(null, container);
  container.remove();
});

const button = () => container.querySelector('button')!;

describe('PayButton', () => {
  it('is a submit button named Pay plus the amount', () => {
    render(<PayButton amount="$10.00" />, container);
    expect(button().type).toBe('submit');
    expect(button().textContent).toBe('Pay $10.00');
    expect(button().disabled).toBe(false);
    expect(button().getAttribute('aria-busy')).toBe('false');
  });

  it('keeps its name while busy, disabled and aria-busy', () => {
    render(<PayButton amount="$10.00" busy />, container);
    expect(button().textContent).toBe('Pay $10.00');
    expect(button().disabled).toBe(true);
    expect(button().getAttribute('aria-busy')).toBe('true');
  });

  it('submits its form', () => {
    const onSubmit = vi.fn((e: Event) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <PayButton amount="$10.00" />
      </form>,
      container,
    );
    button().click();
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('translates the label', () => {
    render(<PayButton amount="10,00 €" locale="fr" />, container);
    expect(button().textContent).toBe('Payer 10,00 €');
  });
});
