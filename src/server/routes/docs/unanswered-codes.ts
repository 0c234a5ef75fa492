/**
 * Codes Documents 1 and 2 define that no path of this service produces (issue 35's re-audit). They
 * are not in the error catalogue (domain/errors.ts), so no envelope can carry them; `/docs/errors`
 * lists them apart, so a merchant who reads the documents and looks one up learns why it never comes.
 */
export const UNANSWERED_CODES: readonly { code: string; status: string; why: string }[] = [
  { code: 'session_integrity_error', status: '500', why: 'Document 1 names no condition for it ("internal state mismatch"). The mismatches a merchant or buyer could cause have codes of their own: a total changed under a payment is 409 `expected_amount_mismatch` or `session_not_modifiable` (hosted and embedded sessions fix their total at load; an elements session is charged its stored total under its charge lock), a second completion 409 `session_already_completed`, a browser transaction of another session 403 `transaction_verification_failed`. What is left is a defect of the service, which answers `internal_error` (500) and is logged.' },
  { code: 'idempotency_key_required', status: '400', why: 'Every processor connection here keeps a record of its refunds and every payment route keeps its own, so the key stays optional. Document 1 says its 28 October 2026 cut-off "can apply" it to charges on `POST /v1/payment_intents`; the cut-off has passed and this service does not apply it, so charges that work without a key keep working. Send one on every POST anyway: without it a retry is a new operation.' },
  { code: 'processor_check_unavailable', status: '503', why: 'It belongs to confirming the payment setup with the processor when keys are issued; this service issues no keys through its API.' },
  { code: 'test_keys_are_sandbox_only', status: '403', why: 'A key-issuance precondition; keys come with the account and no API call issues them.' },
  { code: 'live_keys_not_on_sandbox', status: '403', why: 'A key-issuance precondition; keys come with the account and no API call issues them.' },
  { code: 'provider_attestation_failed', status: '403', why: 'No processor connected to this service uses an attestation step.' },
  { code: 'provider_charge_failed', status: '402', why: 'A declined card is never an error answer here: `POST /v1/payment_intents` answers 201 with `status` `failed` and the decline fields, and a charge at submit answers 200 with the decline. A request the processor refuses as invalid is 422 `provider_request_rejected`.' },
  { code: 'merchant_not_configured', status: '422', why: 'A merchant with no payment processor answers 409 `binder_unavailable`; every other account setting has a default.' },
  { code: 'endpoint_retired', status: '410', why: 'No endpoint is retired.' },
  { code: 'unexpected_redirect', status: 'none', why: 'Raised by the server SDK (`svcpay/server`) when an answer is a redirect, never sent by the API. Do not retry; check the base URL.' },
  { code: 'refund_target_is_duplicate', status: '422', why: 'Each `vp_tx_*` records one distinct settlement, so none duplicates another; refund the one your order names.' },
];
