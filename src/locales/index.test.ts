import { beforeAll, describe, expect, it, vi } from 'vitest';
import checkoutEn from './checkout.en.json';
import checkoutFr from './checkout.fr.json';
import en from './en.json';
import fr from './fr.json';
import { loadCheckoutLocale, t as checkoutT } from './checkout.ts';
import { declineMessage, loadLocale, resolveLocale, t } from './index.ts';

describe('loadLocale', () => {
  // A fresh copy of the modules: the test setup has already loaded every language in the shared one.
  async function fresh() {
    vi.resetModules();
    return { ...(await import('./index.ts')), checkout: await import('./checkout.ts') };
  }

  it('answers in English until the French catalogue is loaded, then in French', async () => {
    const l = await fresh();
    expect(l.t('fr', 'card.number.label')).toBe('Card number');
    expect(l.declineMessage('fr', 'card_declined')).toBe('Your card was declined. Try another card.');
    await l.loadLocale('fr-CA');
    expect(l.t('fr', 'card.number.label')).toBe('Numéro de carte');
    expect(l.t('en', 'card.number.label')).toBe('Card number');
    // The hosted page's catalogue is loaded apart: still English.
    expect(l.checkout.t('fr', 'checkout.total')).toBe('Total');
    expect(l.checkout.t('fr', 'status.pay_error')).toBe(fr['status.pay_error']);
  });

  it('loads both catalogues for the hosted page', async () => {
    const l = await fresh();
    await l.checkout.loadCheckoutLocale('fr');
    expect(l.checkout.t('fr', 'checkout.pay', { amount: '10,00 €' })).toBe(checkoutFr['checkout.pay'].replace('{amount}', '10,00 €'));
    expect(l.checkout.t('fr', 'card.number.label')).toBe('Numéro de carte');
    expect(l.t('fr', 'card.cvc.label')).toBe('Code de sécurité');
  });

  it('resolves at once for English, without fetching', async () => {
    const l = await fresh();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    try {
      await expect(l.loadLocale('en')).resolves.toBeUndefined();
      await expect(l.loadLocale(undefined)).resolves.toBeUndefined();
      await expect(l.loadLocale('de')).resolves.toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps English when a language fails to load, and tries again on the next call', async () => {
    const l = await fresh();
    const notFound = vi.fn(async (_url: URL) => new Response('{}', { status: 404 }));
    vi.stubGlobal('fetch', notFound);
    try {
      await expect(l.loadLocale('fr')).resolves.toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(notFound.mock.calls[0]?.[0].pathname).toMatch(/\/fr\.json$/);
    expect(l.t('fr', 'card.number.label')).toBe('Card number');
    await l.loadLocale('fr');
    expect(l.t('fr', 'card.number.label')).toBe('Numéro de carte');
  });

  it('loads each language of a catalogue once', async () => {
    const l = await fresh();
    const loader = vi.fn(async () => ({ 'card.cvc.label': 'CVC (fr)' }));
    await Promise.all([l.loadCatalogue('fr', { fr: loader }), l.loadCatalogue('fr-FR', { fr: loader })]);
    await l.loadCatalogue('fr', { fr: loader });
    expect(loader).toHaveBeenCalledOnce();
    expect(l.t('fr', 'card.cvc.label')).toBe('CVC (fr)');
  });
});

describe('t', () => {
  beforeAll(() => loadCheckoutLocale('fr'));

  it('returns English by default', () => {
    expect(t(undefined, 'card.number.label')).toBe('Card number');
    expect(t('en', 'card.cvc.label')).toBe('Security code');
  });

  it('translates to French, including region tags', () => {
    expect(t('fr', 'card.number.label')).toBe('Numéro de carte');
    expect(t('fr-CA', 'card.number.label')).toBe('Numéro de carte');
  });

  it('falls back to English for unsupported locales', () => {
    expect(t('de', 'card.expiry.label')).toBe('Expiration date');
    expect(resolveLocale('xx')).toBe('en');
  });

  it('fills placeholders', () => {
    expect(checkoutT('en', 'checkout.pay', { amount: '$10.00' })).toBe('Pay $10.00');
    expect(checkoutT('en', 'status.success.redirecting')).toBe('Returning you to {merchant}…');
    expect(t('en', 'card.brand.label', { brand: 'Visa', other: 1 })).toBe('Card brand: Visa');
  });

  it('reads the hosted page keys and the shared ones through the checkout t', () => {
    expect(checkoutT('fr', 'status.not_found.title')).toBe(checkoutFr['status.not_found.title']);
    expect(checkoutT('fr', 'status.not_found.body')).toBe(fr['status.not_found.body']);
  });
});

describe('declineMessage', () => {
  beforeAll(() => loadLocale('fr'));

  it('maps card_declined to the buyer message', () => {
    expect(declineMessage('en', 'card_declined')).toBe('Your card was declined. Try another card.');
  });

  it('hides fraud signals behind the generic decline', () => {
    for (const code of ['stolen_card', 'lost_card', 'fraudulent', 'blocked_by_rule']) {
      expect(declineMessage('en', code)).toBe('Your card was declined. Try another card.');
    }
  });

  it('handles missing and unknown codes', () => {
    expect(declineMessage('fr', null)).toBe('Votre carte a été refusée. Essayez une autre carte.');
    expect(declineMessage('en', 'something_new')).toBe('Your card was declined. Try another card.');
  });
});

describe('catalogues', () => {
  it('French has every English key', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(checkoutFr).sort()).toEqual(Object.keys(checkoutEn).sort());
  });

  it('defines each key in one catalogue only', () => {
    expect(Object.keys(checkoutEn).filter((key) => key in en)).toEqual([]);
  });
});
