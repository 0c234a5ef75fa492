// @vitest-environment happy-dom
import { render } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../test-dom.ts';
import { PayButton } from './index.ts';

const root = mountPoint();

const button = () => root.el.querySelector('button')!;

describe('PayButton', () => {
  it('is a submit button named Pay plus the amount', () => {
    render(<PayButton amount="$10.00" />, root.el);
    expect(button().type).toBe('submit');
    expect(button().textContent).toBe('Pay $10.00');
    expect(button().disabled).toBe(false);
    expect(button().getAttribute('aria-busy')).toBe('false');
  });

  it('keeps its name while busy, disabled and aria-busy', () => {
    render(<PayButton amount="$10.00" busy />, root.el);
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
      root.el,
    );
    button().click();
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('translates the label', () => {
    render(<PayButton amount="10,00 €" locale="fr" />, root.el);
    expect(button().textContent).toBe('Payer 10,00 €');
  });
});
