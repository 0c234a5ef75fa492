/**
 * The outcome panels of the hosted page. Success is a polite status (it follows the buyer's own
 * action); a decline or failure is an alert, so screen readers announce it at once.
 */
import type { JSX } from 'preact';
import { t, type MessageKey } from '../../locales/checkout.ts';
import './status-panel.css';

/**
 * Every state of the hosted page that replaces its form (issue 10), each with its own words:
 * `held` is authorized and not yet charged (manual capture); `paid_already` is a session another
 * tab or an earlier visit paid; `failed` is a decline with no attempt left; `cancelled` a hold the
 * merchant released; `saved` a setup session's card saved for later, nothing charged (issue 35).
 */
export type StatusKind = 'success' | 'saved' | 'declined' | 'expired' | 'not_found' | 'error' | 'processing' | 'held' | 'paid_already' | 'cancelled' | 'failed';

export interface StatusPanelProps {
  kind: StatusKind;
  locale?: string;
  /** Replaces the default body (e.g. the decline wording for the buyer's decline code). */
  message?: string;
  /** Extra line under the body, e.g. "Returning you to Demo Shop…". */
  detail?: string;
  /** Shown as a "Try again" button on `error`, "Check again" on `processing`. */
  onRetry?(): void;
  /** 1 when the panel is the whole page, 2 when it sits under the order summary. */
  headingLevel?: 1 | 2;
  /** The merchant's name, for the bodies that name it. */
  merchant?: string;
}

const TEXT: Record<Exclude<StatusKind, 'declined'>, { title: MessageKey; body: MessageKey }> = {
  success: { title: 'status.success.title', body: 'status.success.body' },
  saved: { title: 'status.saved.title', body: 'status.saved.body' },
  expired: { title: 'status.expired.title', body: 'status.expired.body' },
  not_found: { title: 'status.not_found.title', body: 'status.not_found.body' },
  error: { title: 'status.error.title', body: 'status.error.body' },
  processing: { title: 'status.processing.title', body: 'status.processing.body' },
  held: { title: 'status.held.title', body: 'status.held.body' },
  paid_already: { title: 'status.paid_already.title', body: 'status.paid_already.body' },
  cancelled: { title: 'status.cancelled.title', body: 'status.cancelled.body' },
  failed: { title: 'status.failed.title', body: 'status.failed.body' },
};

const RETRY: Partial<Record<StatusKind, MessageKey>> = { error: 'status.error.retry', processing: 'status.processing.check' };

// Success and the states that follow the buyer's own action are polite; a failure is an alert.
const ROLE: Partial<Record<StatusKind, 'status' | 'alert'>> = { success: 'status', saved: 'status', held: 'status', processing: 'status', error: 'alert', failed: 'alert' };

// Icons are drawn from data-icon by CSS so they stay out of the panel's text (and its alert).
const ICON: Record<Exclude<StatusKind, 'expired'>, string> = {
  success: '✓',
  saved: '✓',
  declined: '!',
  not_found: '?',
  error: '!',
  processing: '…',
  held: '✓',
  paid_already: '✓',
  cancelled: '×',
  failed: '!',
};

/** A clock drawn, not a glyph: ⏱ is an emoji, a missing-glyph box where no emoji font is installed (issue 36). */
const clock = (
  <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" stroke-width="2.25" stroke-linecap="round" aria-hidden="true" focusable="false">
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3.5 2" />
  </svg>
);

export function StatusPanel({ kind, locale, message, detail, onRetry, headingLevel = 2, merchant = '' }: StatusPanelProps): JSX.Element {
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
  const retry = RETRY[kind];
  return (
    <div class={`svp-status svp-status--${kind} svp-status--panel`} role={ROLE[kind]}>
      {kind === 'expired' ? (
        <span class="svp-status__icon" aria-hidden="true">
          {clock}
        </span>
      ) : (
        <span class="svp-status__icon" aria-hidden="true" data-icon={ICON[kind]} />
      )}
      <Heading class="svp-status__title">{t(locale, text.title)}</Heading>
      <p class="svp-status__body">{message ?? t(locale, text.body, { merchant })}</p>
      {detail && <p class="svp-status__detail">{detail}</p>}
      {retry && onRetry && (
        <button type="button" class="svp-status__retry" onClick={onRetry}>
          {t(locale, retry)}
        </button>
      )}
    </div>
  );
}
