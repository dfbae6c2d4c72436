import type { ErrorCode } from './errorCodes';

/**
 * The spec's error statuses as typed errors. Each carries the body fields §7 names for it and a machine-readable
 * `code` (errorCodes.ts): its class's default, or a more specific one the thrower knows (withCode);
 * the errors() middleware is the one place they become responses.
 */
export abstract class HttpError extends Error {
  abstract readonly status: number;
  abstract code: ErrorCode;
  readonly headers: Record<string, string> = {};
  /** The input field at fault, where one is (OpenAI's error `param`); not part of the service's own body. */
  field?: string;
  /** How long the failed call waited on its upstream (Server-Timing's `upstream`), when it asked one. */
  upstreamMs?: number;
  constructor(
    message: string,
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
  body(): Record<string, unknown> {
    return { error: this.message, code: this.code, ...this.fields };
  }
  /** The same error with a more specific code than its class's default. */
  withCode(code: ErrorCode): this {
    this.code = code;
    return this;
  }
  /** The same error, also sending these headers. */
  withHeaders(headers: Record<string, string>): this {
    Object.assign(this.headers, headers);
    return this;
  }
  /** The same error, naming the input field at fault. */
  forField(field: string | undefined): this {
    this.field = field;
    return this;
  }
  /** The same error with more body fields (a hint beside a 404's suggestion). */
  withFields(fields: Record<string, unknown>): this {
    Object.assign(this.fields, fields);
    return this;
  }
  /** The same error with a message that says more than the default. */
  withMessage(message: string): this {
    this.message = message;
    return this;
  }
}

export class BadRequest extends HttpError {
  readonly status = 400;
  code: ErrorCode = 'invalid_request';
  constructor(message: string, hint: string, docs: string, extra: Record<string, unknown> = {}) {
    super(message, { hint, docs, ...extra });
  }
}

export class Unauthorized extends HttpError {
  readonly status = 401;
  code: ErrorCode = 'unauthorized';
  constructor(message: string, hint: string) {
    super(message, { hint });
    this.headers['WWW-Authenticate'] = 'Bearer realm="api", error="invalid_token"';
  }
}

export interface PaymentDetails {
  readonly balance_usd: number | null;
  readonly cost_usd: number;
  readonly top_up_url: string;
  readonly x402: Record<string, unknown>;
  readonly [extra: string]: unknown;
}

export class PaymentRequired extends HttpError {
  readonly status = 402;
  code: ErrorCode = 'payment_required';
  constructor(message: string, details: PaymentDetails, headers: Record<string, string> = {}) {
    super(message, { ...details });
    Object.assign(this.headers, headers);
  }
}

export class Forbidden extends HttpError {
  readonly status = 403;
  code: ErrorCode = 'forbidden';
  constructor(message: string, hint: string, upgradeUrl: string, extra: Record<string, unknown> = {}) {
    super(message, { hint, upgrade_url: upgradeUrl, ...extra });
  }
}

export class NotFound extends HttpError {
  readonly status = 404;
  code: ErrorCode = 'not_found';
  constructor(message: string, suggestion: string | null, docs: string) {
    super(message, { suggestion, docs });
  }
}

export class MethodNotAllowed extends HttpError {
  readonly status = 405;
  code: ErrorCode = 'method_not_allowed';
  constructor(method: string, path: string, allowed: readonly string[], docs: string) {
    super(`${method} is not allowed on ${path}; use ${allowed.join(' or ')}`, { docs });
    this.headers.Allow = allowed.join(', ');
  }
}

/** The resource's state does not allow the request now (a task already claimed, a claim that is not yours), or an idempotency key (X-Request-Id or Idempotency-Key) was used for a different request. */
export class Conflict extends HttpError {
  readonly status = 409;
  code: ErrorCode = 'conflict';
  constructor(message: string, hint: string, docs: string) {
    super(message, { hint, docs });
  }
}

export class PayloadTooLarge extends HttpError {
  readonly status = 413;
  code: ErrorCode = 'payload_too_large';
  constructor(limitBytes: number, docs: string) {
    super(`request body is larger than ${limitBytes} bytes`, { hint: 'Send less text, or split the work into several calls.', docs, limit_bytes: limitBytes });
  }
}

export class UnsupportedMediaType extends HttpError {
  readonly status = 415;
  code: ErrorCode = 'unsupported_media_type';
  constructor(received: string) {
    super(`Content-Type must be application/json, not ${received || 'missing'}`, {
      hint: "Send the body as JSON with the header 'Content-Type: application/json'.",
    });
  }
}

export class TooManyRequests extends HttpError {
  readonly status = 429;
  code: ErrorCode = 'rate_limited';
  constructor(limit: number, retryAfterSeconds: number, resetAt: Date, upgradeUrl: string) {
    super(`rate limit of ${limit} requests per minute exceeded`, {
      retry_after: retryAfterSeconds,
      limit,
      reset_at: resetAt.toISOString(),
      upgrade_url: upgradeUrl,
    });
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

/** A key's own daily or monthly spend limit would be passed: the caller's limit, back when its window resets (UTC). */
export class SpendLimitExceeded extends HttpError {
  readonly status = 429;
  code: ErrorCode = 'spend_limit_exceeded';
  constructor(message: string, retryAfterSeconds: number, extra: Record<string, unknown>) {
    super(message, { retry_after: retryAfterSeconds, ...extra });
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

/** What will pass: a 503 with Retry-After (maintenance, an upstream failing or rate-limiting, a call still running). */
export type TransientUnavailability = Extract<
  ErrorCode,
  'upstream_unavailable' | 'maintenance' | 'still_running' | 'service_unavailable' | 'overloaded' | 'deadline_exceeded' | 'caller_gone'
>;

export class ServiceUnavailable extends HttpError {
  readonly status = 503;
  code: ErrorCode;
  /** `status` (the spec's 503 field) says the same as `code`. */
  constructor(message: string, retryAfterSeconds: number, code: TransientUnavailability, extra: Record<string, unknown> = {}) {
    super(message, { retry_after: retryAfterSeconds, status: code, ...extra });
    this.code = code;
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

/**
 * A configuration gap (no model provider, no upstream key, no sandbox): permanent until an operator sets `settings`.
 * No Retry-After, and `x-should-retry: false`, which the official OpenAI and Anthropic SDKs obey instead of
 * retrying a 503 for minutes.
 */
export class NotConfigured extends HttpError {
  readonly status = 503;
  code: ErrorCode = 'not_configured';
  constructor(message: string, hint: string, settings: readonly string[], extra: Record<string, unknown> = {}) {
    super(message, { status: 'not_configured', hint, settings: [...settings], ...extra });
    this.headers['x-should-retry'] = 'false';
  }
}

/** Why an upstream could not be reached, as the answer names it (schema/calls.ts UnreachableCause). */
interface UpstreamFault {
  readonly upstream: string;
  readonly cause: string;
  readonly hint: string;
}

/** A server the call had to reach could not be (no such host, refused, reset, TLS, a broken answer): not the caller's fault. */
export class BadGateway extends HttpError {
  readonly status = 502;
  code: ErrorCode = 'bad_gateway';
  constructor(message: string, fault: UpstreamFault) {
    super(message, { hint: fault.hint, upstream: fault.upstream, cause: fault.cause });
  }
}

/** A server the call had to reach did not answer in time. */
export class GatewayTimeout extends HttpError {
  readonly status = 504;
  code: ErrorCode = 'upstream_timeout';
  constructor(message: string, fault: UpstreamFault) {
    super(message, { hint: fault.hint, upstream: fault.upstream, cause: fault.cause });
  }
}
