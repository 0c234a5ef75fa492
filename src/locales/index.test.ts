import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import { declineMessage, resolveLocale, t } from './index.ts';

describe('t', () => {
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
    expect(t('en', 'checkout.pay', { amount: '$10.00' })).toBe('Pay $10.00');
    expect(t('en', 'status.success.redirecting')).toBe('Returning you to {merchant}…');
  });
});

describe('declineMessage', () => {
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
  });
});
