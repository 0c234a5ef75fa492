/**
 * Test helper (happy-dom): a fresh element in the document for each test, unmounted and removed
 * after it, so component tests start from an empty page.
 */
import { render } from 'preact';
import { afterEach, beforeEach } from 'vitest';

export function mountPoint(): { readonly el: HTMLElement } {
  let el: HTMLElement | undefined;
  beforeEach(() => {
    el = document.createElement('div');
    document.body.append(el);
  });
  afterEach(() => {
    if (!el) return;
    render(null, el);
    el.remove();
    el = undefined;
  });
  return {
    get el() {
      if (!el) throw new Error('mountPoint() is only usable inside a test');
      return el;
    },
  };
}
