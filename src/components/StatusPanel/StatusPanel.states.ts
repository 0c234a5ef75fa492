import type { DemoStates } from '../demo-state.ts';
import type { StatusPanelProps } from './StatusPanel.tsx';

export const states: DemoStates<StatusPanelProps> = {
  success: { description: 'Payment went through', main: true, props: { kind: 'success' } },
  saved: { description: 'A setup session saved the card, nothing charged', props: { kind: 'saved' } },
  'success-redirecting': { description: 'Success, about to return to the shop', props: { kind: 'success', detail: 'Returning you to Demo Shop…' } },
  declined: { description: 'Inline decline above the Pay button', main: true, props: { kind: 'declined', message: 'Your card was declined. Try another card.' } },
  expired: { description: 'Session expired', props: { kind: 'expired', headingLevel: 1 } },
  'not-found': { description: 'Unknown session', props: { kind: 'not_found', headingLevel: 1 } },
  error: { description: 'Generic failure with retry', props: { kind: 'error', headingLevel: 1, onRetry: () => undefined } },
  processing: { description: 'Payment under way elsewhere, with Check again', props: { kind: 'processing', merchant: 'Demo Shop', onRetry: () => undefined } },
  held: { description: 'Manual capture: authorized, not yet charged', props: { kind: 'held', merchant: 'Demo Shop', detail: 'Returning you to Demo Shop…' } },
  'paid-already': { description: 'Second tab on a paid session', props: { kind: 'paid_already' } },
  cancelled: { description: 'The merchant released the hold', props: { kind: 'cancelled' } },
  failed: { description: 'Declined with no attempt left', props: { kind: 'failed', merchant: 'Demo Shop' } },
  french: { description: 'French success', props: { kind: 'success', locale: 'fr' } },
};
