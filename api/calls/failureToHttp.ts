import { CallErrors } from '../../schema/calls';
import { BadRequest, type HttpError, ServiceUnavailable } from '../errors/httpErrors';

/** A failure the caller cannot act on: answered as a 500 with the request id, never with its details. */
export class InternalCallError extends Error {}

/** A failed call's error as the HTTP answer its type maps to (the tool's own hint kept when it gave one). */
export function failureToHttp(type: string, message: string, details: unknown[], docs: string): HttpError | InternalCallError {
  const hint = (details[0] as { hint?: string } | undefined)?.hint;
  switch (type) {
    case CallErrors.invalidInput:
      return new BadRequest(message, hint ?? "Check the input against the tool's schema.", docs);
    case CallErrors.modelUnavailable:
      return new ServiceUnavailable(message, 60, 'model_unavailable', hint ? { hint } : {});
    case CallErrors.upstream:
      return new ServiceUnavailable(message, 30, 'upstream_unavailable', hint ? { hint } : {});
    case CallErrors.toolUnavailable:
      return new ServiceUnavailable(message, 300, 'tool_unavailable', hint ? { hint } : {});
    default:
      return new InternalCallError(`${type}: ${message}`);
  }
}
