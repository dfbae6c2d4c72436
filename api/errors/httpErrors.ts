/**
 * The spec's error statuses as typed errors. Each carries the body fields §7 names for it;
 * the errors() middleware is the one place they become responses.
 */
export abstract class HttpError extends Error {
  abstract readonly status: number;
  readonly headers: Record<string, string> = {};
  /** The input field at fault, where one is (OpenAI's error `param`); not part of the service's own body. */
  field?: string;
  constructor(
    message: string,
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
  body(): Record<string, unknown> {
    return { error: this.message, ...this.fields };
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
  constructor(message: string, hint: string, docs: string, extra: Record<string, unknown> = {}) {
    super(message, { hint, docs, ...extra });
  }
}

export class Unauthorized extends HttpError {
  readonly status = 401;
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
  constructor(message: string, details: PaymentDetails, headers: Record<string, string> = {}) {
    super(message, { ...details });
    Object.assign(this.headers, headers);
  }
}

export class Forbidden extends HttpError {
  readonly status = 403;
  constructor(message: string, hint: string, upgradeUrl: string, extra: Record<string, unknown> = {}) {
    super(message, { hint, upgrade_url: upgradeUrl, ...extra });
  }
}

export class NotFound extends HttpError {
  readonly status = 404;
  constructor(message: string, suggestion: string | null, docs: string) {
    super(message, { suggestion, docs });
  }
}

export class MethodNotAllowed extends HttpError {
  readonly status = 405;
  constructor(method: string, path: string, allowed: readonly string[], docs: string) {
    super(`${method} is not allowed on ${path}; use ${allowed.join(' or ')}`, { docs });
    this.headers.Allow = allowed.join(', ');
  }
}

/** The resource's state does not allow the request now (a task already claimed, a claim that is not yours), or an idempotency key (X-Request-Id or Idempotency-Key) was used for a different request. */
export class Conflict extends HttpError {
  readonly status = 409;
  constructor(message: string, hint: string, docs: string) {
    super(message, { hint, docs });
  }
}

export class PayloadTooLarge extends HttpError {
  readonly status = 413;
  constructor(limitBytes: number, docs: string) {
    super(`request body is larger than ${limitBytes} bytes`, { hint: 'Send less text, or split the work into several calls.', docs, limit_bytes: limitBytes });
  }
}

export class UnsupportedMediaType extends HttpError {
  readonly status = 415;
  constructor(received: string) {
    super(`Content-Type must be application/json, not ${received || 'missing'}`, {
      hint: "Send the body as JSON with the header 'Content-Type: application/json'.",
    });
  }
}

export class TooManyRequests extends HttpError {
  readonly status = 429;
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

export class ServiceUnavailable extends HttpError {
  readonly status = 503;
  constructor(message: string, retryAfterSeconds: number, status: string, extra: Record<string, unknown> = {}) {
    super(message, { retry_after: retryAfterSeconds, status, ...extra });
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}
