/**
 * `GET /docs/errors`: the page every error envelope's `docs` link points into
 * (`<base>/docs/errors#<code>`, middleware/error-envelope.ts). One section per code of the
 * catalogue (Doc 1, Errors; the mirroring codes included), its anchor the code itself, built from
 * the same table the envelope reads, so a code cannot be answered without its entry here.
 */
import { STATUS_CODES } from 'node:http';
import { catalogue, type ErrorCode, type Fault } from '../../domain/errors.ts';
import { httpStatus } from '../../middleware/error-status.ts';
import { escapeHtml, shell } from './layout.ts';
import { UNANSWERED_CODES } from './unanswered-codes.ts';

const FAULT: Record<Fault, string> = {
  BUYER: 'The buyer: show them what to change; your integration is fine.',
  MERCHANT: 'Your integration: change the request or the account before sending it again.',
  NETWORK: 'A network or provider between us: usually passes on its own.',
  INTERNAL: 'svcpay: nothing in your request caused it.',
};

/** What `selfHeal.nextAction` asks of the caller. An action not listed is shown as its code alone. */
const NEXT_ACTION: Record<string, string> = {
  fix_request: 'fix the request before sending it again',
  retry_with_backoff: 'retry with jittered exponential backoff, with the same Idempotency-Key',
  retry_after: 'wait `retryAfterSeconds` (also the `Retry-After` header), then retry',
  retry_later: 'retry the same request later',
  read_session: 'read the session before doing anything else',
  read_payment_intent: 'read the payment intent before doing anything else',
  create_new_session: 'create a new session',
  wait_for_webhook: 'wait for the webhook: it carries the outcome',
};

/** The catalogue's text is plain with `code` spans: escaped, then the spans made <code>. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function section(code: ErrorCode): string {
  const e = catalogue[code];
  const status = httpStatus[code];
  const retryable = e.retryable ?? false;
  const next = e.nextAction ?? 'fix_request';
  const action = NEXT_ACTION[next];
  return `<section class="code" id="${code}">
<h2><code>${code}</code></h2>
<dl>
<dt>HTTP status</dt><dd>${status} ${escapeHtml(STATUS_CODES[status] ?? '')}</dd>
<dt>Fault</dt><dd><code>${e.fault}</code>: ${escapeHtml(FAULT[e.fault])}</dd>
<dt>What it means</dt><dd>${prose(e.message)}</dd>
<dt>What to do</dt><dd>${prose(e.fix)}</dd>
<dt>Retryable</dt><dd>${retryable ? 'Yes' : 'No'}</dd>
<dt>Next action</dt><dd><code>${escapeHtml(next)}</code>${action ? `: ${prose(action)}` : ''}</dd>
</dl>
</section>`;
}

const unanswered = ({ code, status, why }: (typeof UNANSWERED_CODES)[number]) => `<section class="unanswered" id="${code}">
<h2><code>${code}</code></h2>
<dl>
<dt>HTTP status in the documents</dt><dd>${escapeHtml(status)}</dd>
<dt>Why it is never answered</dt><dd>${prose(why)}</dd>
</dl>
</section>`;

export const errorCodes = () => Object.keys(catalogue) as ErrorCode[];

export function errorsPage(): string {
  const codes = errorCodes();
  const index = codes.map((code) => `<li><a href="#${code}"><code>${code}</code></a></li>`).join('\n');
  const body = `<main id="codes" class="codes">
<h1>Error codes</h1>
<p>Every error answer is one JSON envelope: <code>code</code> (branch on it, never on the wording),
<code>error</code> (what happened, in words), <code>fix</code>, <code>docs</code> (a link to the code's
entry on this page) and <code>selfHeal</code> (<code>retryable</code> and <code>nextAction</code>, as
listed here). Some codes add fields of their own, such as <code>reason</code> or
<code>retryAfterSeconds</code>. The status listed is the one the code answers with; the
<code>code</code> is what to rely on.</p>
<nav aria-labelledby="index-title">
<h2 id="index-title">All ${codes.length} codes</h2>
<ul class="index">
${index}
</ul>
</nav>
${codes.map(section).join('\n')}
<h2 id="unanswered-title">Defined by the documents, never answered here</h2>
<p>The API documents define these codes too; no request to this service produces them.</p>
${UNANSWERED_CODES.map(unanswered).join('\n')}
</main>`;
  return shell({
    title: 'Error codes · svcpay API',
    description: 'Every error code the svcpay API answers with: HTTP status, fault, meaning, fix and whether to retry.',
    current: '/docs/errors',
    mainId: 'codes',
    body,
  });
}
