// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SvcPayConstructor } from './types.js';

/** Fresh module state per test, and scripts captured instead of loaded. */
async function setup() {
  vi.resetModules();
  const scripts: HTMLScriptElement[] = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    scripts.push(node as unknown as HTMLScriptElement);
    return node;
  });
  const { loadSvcPay } = await import('./index.ts');
  return { loadSvcPay, scripts };
}

const fakeSvcPay = vi.fn(((pk: string) => ({ pk })) as unknown as SvcPayConstructor);

beforeEach(() => {
  delete window.SvcPay;
  fakeSvcPay.mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe('loadSvcPay', () => {
  it('adds the script once and resolves SvcPay(pk, options) for every caller', async () => {
    const { loadSvcPay, scripts } = await setup();
    const a = loadSvcPay('vp_pk_test_1', { locale: 'fr' });
    const b = loadSvcPay('vp_pk_test_2');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('http://localhost:4242/js/v1/svcpay.js');
    window.SvcPay = fakeSvcPay;
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(a).resolves.toEqual({ pk: 'vp_pk_test_1' });
    await expect(b).resolves.toEqual({ pk: 'vp_pk_test_2' });
    expect(fakeSvcPay).toHaveBeenCalledWith('vp_pk_test_1', { locale: 'fr' });
  });

  it('uses scriptUrl, and reuses an SvcPay already on the page', async () => {
    const { loadSvcPay, scripts } = await setup();
    const p = loadSvcPay('vp_pk_test_1', { scriptUrl: 'https://pay.example/js/v1/svcpay.js' });
    expect(scripts[0]!.src).toBe('https://pay.example/js/v1/svcpay.js');
    window.SvcPay = fakeSvcPay;
    scripts[0]!.dispatchEvent(new Event('load'));
    await p;
    await loadSvcPay('vp_pk_test_3');
    expect(scripts).toHaveLength(1);
  });

  it('rejects when the script fails, and a later call tries again', async () => {
    const { loadSvcPay, scripts } = await setup();
    const first = loadSvcPay('vp_pk_test_1');
    scripts[0]!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(/failed to load/);
    const second = loadSvcPay('vp_pk_test_1');
    expect(scripts).toHaveLength(2);
    window.SvcPay = fakeSvcPay;
    scripts[1]!.dispatchEvent(new Event('load'));
    await expect(second).resolves.toEqual({ pk: 'vp_pk_test_1' });
  });

  it('rejects when the script loads without defining SvcPay', async () => {
    const { loadSvcPay, scripts } = await setup();
    const p = loadSvcPay('vp_pk_test_1');
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(p).rejects.toThrow(/did not define SvcPay/);
  });
});
