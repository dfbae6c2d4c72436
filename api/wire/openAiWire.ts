import { AUTO_MODEL } from '../../schema/models';
import { openAiCompletionId } from '../../schema/wireIds';
import { TextRelay } from './textRelay';
import type { WireError, WireFormat } from './wireFormat';

/** OpenAI's error `type` for a status. */
const TYPES: Readonly<Record<number, string>> = {
  401: 'authentication_error',
  402: 'insufficient_quota',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'server_error',
  502: 'server_error',
  503: 'service_unavailable',
  504: 'server_error',
};
/** OpenAI's own `code` where OpenAI has one for the case; elsewhere `code` is the service's (errorCodes.ts). */
const VENDOR_CODES: Readonly<Record<number, string>> = { 401: 'invalid_api_key', 402: 'insufficient_quota', 429: 'rate_limit_exceeded' };

/** OpenAI's `{error: {message, type, param, code}}`, the service's helper fields (hint, docs, retry_after …) beside them. */
function errorObject({ status, body, field }: WireError): Record<string, unknown> {
  const { error, status: _word, code: ours, ...helpers } = body;
  const message = String(error);
  const unknownModel = ours === 'unknown_model';
  return {
    message,
    type: TYPES[status] ?? 'invalid_request_error',
    param: field ?? (unknownModel ? 'model' : null),
    code: unknownModel ? 'model_not_found' : (VENDOR_CODES[status] ?? (typeof ours === 'string' ? ours : null)),
    ...helpers,
  };
}

interface Choice {
  readonly message: { readonly content: string };
  readonly finish_reason: string;
}

/**
 * OpenAI's Chat Completions format (/v1/chat/completions): errors as `{error: {…}}`; a streamed answer as unnamed
 * `chat.completion.chunk` events — the role, the text's pieces, the finish reason — then, when
 * `stream_options.include_usage` asks for it, a chunk with the usage and no choices, and `data: [DONE]`. The last
 * chunk also carries the call's `_meta` (cost, balance). An error after the stream opened is a `{error}` event.
 */
export const openAiWire: WireFormat = {
  errorBody: (error) => ({ error: errorObject(error) }),
  streamWriter(sse, { callId, input, now }) {
    const id = openAiCompletionId(callId);
    const created = Math.floor(now.getTime() / 1000);
    let model = typeof input.model === 'string' ? input.model : AUTO_MODEL;
    const stop = input.stop === undefined ? [] : typeof input.stop === 'string' ? [input.stop] : (input.stop as string[]);
    const includeUsage = (input.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
    const relay = new TextRelay(stop);
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      sse.data({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: null, choices, ...extra });
    const piece = (content: string) => content && chunk([{ index: 0, delta: { content }, logprobs: null, finish_reason: null }]);

    chunk([{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }]);
    return {
      delta: (text) => piece(relay.push(text)),
      reset: () => relay.reset(),
      event: () => undefined,
      done(result, meta) {
        const [choice] = result.choices as Choice[];
        model = String(result.model ?? model);
        piece(relay.finish(choice?.message.content ?? ''));
        const finish = [{ index: 0, delta: {}, logprobs: null, finish_reason: choice?.finish_reason ?? 'stop' }];
        if (includeUsage) {
          chunk(finish);
          chunk([], { usage: result.usage, _meta: meta });
        } else {
          chunk(finish, { _meta: meta });
        }
        sse.data('[DONE]');
      },
      error: (error) => sse.data({ error: errorObject(error) }),
    };
  },
};
