/**
 * The outcome panels of the hosted page. Success is a polite status (it follows the buyer's own
 * action); a decline or failure is an alert, so screen readers announce it at once.
 */
import type { JSX } from 'preact';
import { t, type MessageKey } from '../../locales/checkout.ts';
import './status-panel.css';

export type StatusKind = 'success' | 'declined' | 'expired' | 'not_found' | 'error';

export interface StatusPanelProps {
  kind: StatusKind;
  locale?: string;
  /** Replaces the default body (e.g. the decline wording for the buyer's decline code). */
  message?: string;
  /** Extra line under the body, e.g. "Returning you to Demo Shop…". */
  detail?: string;
  /** Shown as a "Try again" button on `error`. */
  onRetry?(): void;
  /** 1 when the panel is the whole page, 2 when it sits under the order summary. */
  headingLevel?: 1 | 2;
}

const TEXT: Record<Exclude<StatusKind, 'declined'>, { title: MessageKey; body: MessageKey }> = {
  success: { title: 'status.success.title', body: 'status.success.body' },
  expired: { title: 'status.expired.title', body: 'status.expired.body' },
  not_found: { title: 'status.not_found.title', body: 'status.not_found.body' },
  error: { title: 'status.error.title', body: 'status.error.body' },
};

// Icons are drawn from data-icon by CSS so they stay out of the panel's text (and its alert).
const ICON: Record<StatusKind, string> = { success: '✓', declined: '!', expired: '⏱', not_found: '?', error: '!' };

export function StatusPanel({ kind, locale, message, detail, onRetry, headingLevel = 2 }: StatusPanelProps): JSX.Element {
  if (kind === 'declined') {
    // Inline above the Pay button; the alert holds exactly the buyer-safe wording.
    return (
      <div class="svp-status svp-status--declined" role="alert">
        <span class="svp-status__icon" aria-hidden="true" data-icon={ICON.declined} />
        <p class="svp-status__body">{message ?? t(locale, 'decline.default')}</p>
      </div>
    );
  }
  const text = TEXT[kind];
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const role = kind === 'success' ? 'status' : kind === 'error' ? 'alert' : undefined;
  return (
    <div class={`svp-status svp-status--${kind} svp-status--panel`} role={role}>
      <span class="svp-status__icon" aria-hidden="true" data-icon={ICON[kind]} />
      <Heading class="svp-status__title">{t(locale, text.title)}</Heading>
      <p class="svp-status__body">{message ?? t(locale, text.body)}</p>
      {detail && <p class="svp-status__detail">{detail}</p>}
      {kind === 'error' && onRetry && (
        <button type="button" class="svp-status__retry" onClick={onRetry}>
          {t(locale, 'status.error.retry')}
        </button>
      )}
    </div>
  );
}
