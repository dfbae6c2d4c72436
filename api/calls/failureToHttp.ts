import { CallErrors } from '../../schema/calls';
import { BadRequest, type HttpError, NotFound, ServiceUnavailable } from '../errors/httpErrors';

/** A failure the caller cannot act on: answered as a 500 with the request id, never with its details. */
export class InternalCallError extends Error {}

/** A failed call's error as the HTTP answer its type maps to (the tool's own hint kept when it gave one). */
export function failureToHttp(type: string, message: string, details: unknown[], docs: string): HttpError | InternalCallError {
  const { hint, retry_after_s: retryAfter } = (details[0] ?? {}) as { hint?: string; retry_after_s?: number };
  switch (type) {
    case CallErrors.invalidInput:
      return new BadRequest(message, hint ?? "Check the input against the tool's schema.", docs);
    case CallErrors.notFound:
      return new NotFound(message, null, docs).withFields(hint ? { hint } : {});
    case CallErrors.modelUnavailable:
      return new ServiceUnavailable(message, 60, 'model_unavailable', hint ? { hint } : {});
    case CallErrors.upstream:
      // An upstream that said when to come back (Retry-After) is quoted; otherwise half a minute.
      return new ServiceUnavailable(message, retryAfter ?? 30, 'upstream_unavailable', hint ? { hint } : {});
    case CallErrors.toolUnavailable:
      return new ServiceUnavailable(message, 300, 'tool_unavailable', hint ? { hint } : {});
    default:
      return new InternalCallError(`${type}: ${message}`);
  }
}
