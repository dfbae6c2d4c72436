/**
 * The machine-readable `code` of every error the service answers in its own shape, with what it means. Stable:
 * a program branches on these, so a code is never renamed or given another meaning (add a new one instead).
 * The OpenAPI document lists them (the `code` enum of every error schema).
 */
export const ERROR_CODES = {
  invalid_request: '400: a parameter is missing or invalid (the hint says which and how).',
  invalid_json: '400: the body is not one JSON object in UTF-8.',
  invalid_request_id: '400: X-Request-Id or Idempotency-Key is malformed, or the two differ.',
  invalid_timeout:
    '400: X-Request-Timeout (seconds) or x-envoy-expected-rq-timeout-ms (milliseconds) is not a positive number within the longest a call may wait.',
  url_refused: '400: a URL in the input is not fetched: malformed, not https, or a private, loopback or metadata address.',
  unknown_model: '400: `model` names no model of the catalogue (GET /models lists them).',
  unauthorized: '401: credentials are needed and none were sent.',
  invalid_api_key: '401: the API key (or operator token) sent is malformed or unknown.',
  invalid_session: '401: the wallet session token or challenge signature is not valid.',
  key_revoked: '401: the API key was revoked (by its holder or the operator); every secret of it stopped at once.',
  key_expired: '401: the API key is past its expires_at.',
  key_rotated: '401: the secret sent was rotated out and its grace period is over; send the new secret.',
  payment_required: '402: the call must be paid: send an API key with credit, or an x402 payment.',
  insufficient_balance: "402: the key's balance does not cover the call (or what it must hold).",
  free_tier_exhausted: "402: today's free calls (the free tier, or the MCP allowance) are used up.",
  payment_refused: '402: the x402 payment sent was refused (`reason` says why).',
  sign_in_required:
    '402: a read of what a wallet owns, sent without credentials where x402 is taken: nothing to pay (`accepts` is empty); sign the sign-in-with-x message it declares, or send a key or wallet session.',
  forbidden: '403: this caller may not do this (a premium tool without a paid key, another wallet).',
  tool_not_allowed: "403: the key's allowed_tools do not include this endpoint (`allowed_tools` lists what they do).",
  manage_keys_required: "403: managing the account's keys needs a key with manage_keys (the account's first key, or one given it).",
  not_found: '404: no such endpoint, or no such resource of yours.',
  method_not_allowed: '405: the path exists, not with this method (the Allow header lists them).',
  request_timeout: '408: the request was not received in time.',
  conflict: '409: the state does not allow it now (a task already claimed, an archived agent, a name taken).',
  limit_reached: '409: a limit on what one owner may hold is reached (50 active custom agents); archive or delete one first.',
  last_manager_key: "409: the key is the account's last key that can manage keys: it cannot be revoked or lose manage_keys by its holder (rotate it instead).",
  already_refunded: '409: the call was refunded already; a call is refunded at most once.',
  not_refundable: "409: the call has no key's charge to give back (not completed, failed or refused, free, or paid with x402 on chain).",
  idempotency_conflict: '409: the X-Request-Id (or Idempotency-Key) was already used for a different request.',
  idempotency_key_in_use:
    '409: the same request with this X-Request-Id (or Idempotency-Key) is running now; send it again after retry_after to get its answer.',
  idempotency_answer_not_kept: '409: the request with this key was answered, but its answer was too large to keep; it is not run again.',
  payload_too_large: '413: the body is larger than the limit.',
  unsupported_media_type: '415: the body is not of a type the endpoint reads (JSON; a file upload also multipart).',
  rate_limited: '429: too many requests for now (retry_after says when to try again).',
  spend_limit_exceeded:
    "429: the call would pass the key's daily or monthly spend limit (UTC calendar windows); `limit` says which, retry_after when it resets.",
  headers_too_large: '431: the request line and headers are larger than the server accepts.',
  internal_error: '500: a fault of the service; quote the request_id.',
  bad_gateway:
    '502: a server the call had to reach could not be: no such host, connection refused or reset, TLS failure, a broken answer (`upstream` and `cause` say which). Not charged.',
  not_configured:
    '503: this deployment lacks what the call needs (no model provider, no upstream key): permanent until an operator sets `settings`. No Retry-After. Not charged.',
  upstream_unavailable: '503: an upstream (a provider, a data source, the DNS resolver) failed or is rate-limiting; retry after retry_after. Not charged.',
  maintenance: '503: the service is down for maintenance; retry after retry_after.',
  still_running: '503: the call is still running; repeat it with the same X-Request-Id to collect its answer.',
  overloaded:
    '503: this replica is at its limit of calls in flight and refused the call at once, before anything was held or charged; retry after retry_after (another replica may take it now).',
  deadline_exceeded:
    '503: the deadline the request sent (X-Request-Timeout) passed before its tool could start, as the service was busy: nothing was charged; retry after retry_after, with a longer deadline or at a quieter moment.',
  caller_gone:
    '503: the caller disconnected before the call began (or, with no id to collect it by, before its answer): it was dropped and nothing was charged. Only another request attached to the same call sees this.',
  service_unavailable: '503: a part of this service (its workflow engine) could not be reached; retry after retry_after.',
  upstream_timeout: '504: a server the call had to reach did not answer in time (`upstream` says which). Not charged.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
