import { AUTO_MODEL } from '../../schema/models';
import { anthropicMessageId } from '../../schema/wireIds';
import { TextRelay } from './textRelay';
import type { WireError, WireFormat } from './wireFormat';

/** Anthropic's error `type` for a status. */
const TYPES: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  502: 'api_error',
  503: 'overloaded_error',
  504: 'timeout_error',
};

/**
 * Anthropic's `{type: 'error', error: {type, message}}`, the service's `code` and helper fields (hint, docs,
 * retry_after …) beside them. A configuration gap is no overload (which passes): Anthropic's `api_error`.
 */
function errorBody({ status, body }: WireError): Record<string, unknown> {
  const { error, ...helpers } = body;
  const type = helpers.code === 'not_configured' ? 'api_error' : (TYPES[status] ?? 'invalid_request_error');
  return { type: 'error', error: { type, message: String(error), ...helpers } };
}

/**
 * Anthropic's Messages format (/v1/messages): errors as `{type: 'error', error}`; a streamed answer as Anthropic's
 * named events — message_start, content_block_start, ping, content_block_delta (text_delta) …, content_block_stop,
 * message_delta (stop reason, usage and the call's `_meta`), message_stop. The model that answers is known at the
 * end: message_start names the one asked for (`auto` when none). An error after the stream opened is an `error` event.
 */
export const anthropicWire: WireFormat = {
  errorBody,
  streamWriter(sse, { callId, input }) {
    const relay = new TextRelay((input.stop_sequences as string[] | undefined) ?? []);
    const piece = (text: string) => text && sse.send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } });

    sse.send('message_start', {
      type: 'message_start',
      message: {
        id: anthropicMessageId(callId),
        type: 'message',
        role: 'assistant',
        model: typeof input.model === 'string' ? input.model : AUTO_MODEL,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0 },
      },
    });
    sse.send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    sse.send('ping', { type: 'ping' });
    return {
      delta: (text) => piece(relay.push(text)),
      reset: () => relay.reset(),
      event: () => undefined,
      done(result, meta) {
        const [block] = result.content as { text: string }[];
        piece(relay.finish(block?.text ?? ''));
        sse.send('content_block_stop', { type: 'content_block_stop', index: 0 });
        sse.send('message_delta', {
          type: 'message_delta',
          delta: { stop_reason: result.stop_reason, stop_sequence: result.stop_sequence ?? null },
          usage: result.usage,
          _meta: meta,
        });
        sse.send('message_stop', { type: 'message_stop' });
      },
      error: (error) => sse.send('error', errorBody(error)),
    };
  },
};
