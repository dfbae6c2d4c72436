import { REQUEST_TIMEOUT_PATTERN } from '../calls/callDeadline';
import type { Config } from '../../schema/config';
import { SESSION_NOTE } from '../../schema/networkAgents/networkAgentTools';
import { ERROR_CODES } from '../errors/errorCodes';

const codeRef = { $ref: '#/components/schemas/ErrorCode' };

/** An error body in the service's own shape: `error`, the machine-readable `code`, and its status's helper fields. */
const error = (fields: Record<string, unknown>, required: string[] = ['error']) => ({
  type: 'object',
  properties: { error: { type: 'string' }, code: codeRef, ...fields },
  required: [required[0]!, 'code', ...required.slice(1)],
});

/** What a 502 or 504 says about the upstream that could not be reached. */
const upstreamFault = {
  hint: { type: 'string' },
  upstream: { type: 'string', description: 'The host (or resolver) that could not be reached.' },
  cause: {
    type: 'string',
    enum: ['no_such_host', 'resolver_failed', 'connection_refused', 'connection_reset', 'tls_failed', 'bad_response', 'timeout'],
    description: 'Why it could not be reached.',
  },
};

const rateHeaders = {
  'X-API-Version': { $ref: '#/components/headers/X-API-Version' },
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
  'request-id': { $ref: '#/components/headers/request-id' },
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
};

export const COMMON_HEADERS = rateHeaders;

/** Stripe's rules, as every operation that changes state keeps them (api/idempotency/idempotentAnswers.ts). */
const IDEMPOTENCY =
  "On every operation that changes state (each POST, PUT, PATCH and DELETE, and every paid call), the same request sent again with the same key gets the first answer unchanged, byte for byte (status, body, the headers it set), with `Idempotent-Replayed: true`, for at least 24 h; nothing runs or is charged twice. The same request is the same method, path, body (after aliases and defaults), file and credentials. The same key with another request is a 409 naming the header you sent. While the first is still running, a repeat of a paid tool waits on the same call and gets its answer; a repeat of an endpoint the API answers itself is a 409 with `Retry-After: 1`. Answers to requests that were refused (4xx) or could not be served (503) are not kept: fix the request and send the same key. Answers over 1 MiB and streamed answers are not kept: a paid tool's repeat gets the same call again (its output and charge; `_meta` built anew, a stream as one `done` event); an endpoint the API answers itself answers 409. Keys are scoped to who sends them (a key's account, a wallet session, the operator, an x402 payment, else the client address). Only a key you send counts: a request without one simply runs.";

export const IDEMPOTENCY_PARAMETERS = [{ $ref: '#/components/parameters/Idempotency-Key' }, { $ref: '#/components/parameters/X-Request-Id' }];
/** A paid call's deadline (api/calls/callDeadline.ts). */
export const DEADLINE_PARAMETERS = [{ $ref: '#/components/parameters/X-Request-Timeout' }];
export const REPLAY_HEADERS = { 'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' } };

const response = (description: string, schema: string, extraHeaders: Record<string, unknown> = {}) => ({
  description,
  headers: { ...rateHeaders, ...extraHeaders },
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});

/** Shared parts of the OpenAPI document: the spec's error shapes (§7), headers (§8–9) and ways to authenticate (§5). */
export function openApiComponents(config: Config) {
  return {
    securitySchemes: {
      bearerKey: { type: 'http', scheme: 'bearer', description: 'A prepaid key `apk_…` (POST /auth/generate-key gives one with trial credit).' },
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'The same key in a header.' },
      apiKeyQuery: { type: 'apiKey', in: 'query', name: 'key', description: 'The key as ?key= (where the spec shows it, e.g. /api/usage).' },
      x402V2: {
        type: 'apiKey',
        in: 'header',
        name: 'PAYMENT-SIGNATURE',
        description: `x402 v2: retry a 402 with the signed EIP-3009 authorization the PAYMENT-REQUIRED header asks for (USDC, 6 decimals, ${config.x402Network}). The receipt comes back in PAYMENT-RESPONSE.`,
      },
      x402V1: {
        type: 'apiKey',
        in: 'header',
        name: 'X-PAYMENT',
        description: "x402 v1: the same, as the 402 body's `accepts` describe; the receipt comes back in X-PAYMENT-RESPONSE.",
      },
      operatorToken: { type: 'apiKey', in: 'header', name: 'X-Admin-Token', description: 'Operator token (credit granted by hand, catalogue discovery).' },
      walletSession: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: `A wallet session token. ${SESSION_NOTE}` },
    },
    parameters: {
      'Idempotency-Key': {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: `An idempotency key of yours (a UUID fits). ${IDEMPOTENCY}`,
        schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
      },
      'X-Request-Timeout': {
        name: 'X-Request-Timeout',
        in: 'header',
        required: false,
        description:
          'Seconds you will wait for the answer (decimals allowed, at most 3600). A call whose tool has not started by then (the service was busy) is dropped: 503 deadline_exceeded with Retry-After, nothing charged.',
        schema: { type: 'string', pattern: REQUEST_TIMEOUT_PATTERN },
      },
      'X-Request-Id': {
        name: 'X-Request-Id',
        in: 'header',
        required: false,
        description: 'The same as Idempotency-Key (send one, or the same value in both; two different values are a 400).',
        schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
      },
    },
    headers: {
      'X-API-Version': { description: 'Interface version (1.9.0).', schema: { type: 'string' } },
      'X-Request-Id': {
        description:
          "The caller's X-Request-Id or Idempotency-Key (the same meaning), else a new UUID (which is no idempotency key). An id outside ^[A-Za-z0-9._:-]{1,128}$ is a 400.",
        schema: { type: 'string' },
      },
      'request-id': { description: "The same id as X-Request-Id, under the name Anthropic's SDKs read.", schema: { type: 'string' } },
      'Idempotent-Replayed': {
        description: `"true" when this is the first answer to your idempotency key, sent again. ${IDEMPOTENCY}`,
        schema: { const: 'true' },
      },
      'X-RateLimit-Limit': { description: 'Requests allowed in the current one-minute window.', schema: { type: 'integer' } },
      'X-RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' } },
      'X-RateLimit-Reset': { description: 'Unix time (seconds) when the window resets.', schema: { type: 'integer' } },
      'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
      'x-should-retry': {
        description:
          'false on a configuration gap (`not_configured`): retrying cannot help until an operator acts. The official OpenAI and Anthropic SDKs obey it.',
        schema: { type: 'string', enum: ['false'] },
      },
    },
    schemas: {
      ErrorCode: {
        type: 'string',
        description: `The machine-readable reason of an error, stable across versions, to branch on:\n${Object.entries(ERROR_CODES)
          .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
          .join('\n')}`,
        enum: Object.keys(ERROR_CODES),
        'x-enum-descriptions': Object.values(ERROR_CODES),
      },
      Meta: {
        type: 'object',
        description: 'On every paid response.',
        properties: {
          endpoint: { type: 'string' },
          model: { type: 'string' },
          network: { type: 'string', description: `${config.x402Network} for x402 payments, "prepaid" for keys, "free-tier".` },
          timestamp: { type: 'string', format: 'date-time' },
          request_id: { type: 'string', description: 'The X-Request-Id or Idempotency-Key sent, else one made up.' },
          call_id: {
            type: 'string',
            description:
              "The call's id: its workflow is `call-<call_id>` and its stream the same. The request id itself when the service made it up; a key the caller sent, followed by a digest of who sent it (keys are each sender's own).",
          },
          payment: { type: 'string', enum: ['key', 'x402', 'free', 'none'] },
          cost_usd: { type: 'number' },
          balance_usd: { type: 'number' },
          free_calls_remaining: { type: 'integer' },
          tokens: { type: 'object', properties: { input: { type: 'integer' }, output: { type: 'integer' } } },
        },
        required: ['endpoint', 'model', 'network', 'timestamp'],
      },
      BadRequest: error({ hint: { type: 'string' }, docs: { type: 'string' }, problems: { type: 'array', items: { type: 'string' } } }, [
        'error',
        'hint',
        'docs',
      ]),
      Unauthorized: error({ hint: { type: 'string' } }, ['error', 'hint']),
      PaymentRequired: error(
        {
          balance_usd: { type: ['number', 'null'] },
          cost_usd: { type: 'number' },
          top_up_url: { type: 'string' },
          upgrade_url: { type: 'string', description: 'A premium tool (not in the free tier): where keys and credit are bought.' },
          reason: {
            type: 'string',
            description:
              'Why a sent payment was refused (wrong_payee, insufficient_amount, expired, not_yet_valid, wrong_network, invalid_signature, nonce_reused …).',
          },
          x402: {
            type: 'object',
            properties: { pay_to: { type: ['string', 'null'] }, network: { type: 'string' }, accepts: { type: 'array', items: { type: 'object' } } },
          },
          x402Version: { const: 1, description: 'For x402 v1 clients, with `accepts` in the v1 form.' },
          accepts: { type: 'array', items: { type: 'object' } },
        },
        ['error', 'balance_usd', 'cost_usd', 'top_up_url', 'x402'],
      ),
      Forbidden: error({ hint: { type: 'string' }, upgrade_url: { type: 'string' } }, ['error', 'hint', 'upgrade_url']),
      NotFound: error({ suggestion: { type: ['string', 'null'] }, docs: { type: 'string' } }, ['error', 'suggestion', 'docs']),
      MethodNotAllowed: error({ docs: { type: 'string' } }, ['error', 'docs']),
      Conflict: error({ hint: { type: 'string' }, docs: { type: 'string' }, retry_after: { type: 'integer' } }, ['error', 'hint']),
      PayloadTooLarge: error({ hint: { type: 'string' }, docs: { type: 'string' }, limit_bytes: { type: 'integer' } }, ['error', 'limit_bytes']),
      HeadersTooLarge: error({ hint: { type: 'string' } }, ['error', 'hint']),
      UnsupportedMediaType: error({ hint: { type: 'string' } }, ['error', 'hint']),
      TooManyRequests: error(
        { retry_after: { type: 'integer' }, limit: { type: 'integer' }, reset_at: { type: 'string', format: 'date-time' }, upgrade_url: { type: 'string' } },
        ['error', 'retry_after', 'limit', 'reset_at', 'upgrade_url'],
      ),
      InternalError: error({ request_id: { type: 'string' }, status: { type: 'string' }, support: { type: 'string' } }, [
        'error',
        'request_id',
        'status',
        'support',
      ]),
      OpenAIError: {
        type: 'object',
        description: "OpenAI's error shape (/v1/chat/completions), the service's helper fields (hint, docs, retry_after …) inside `error`.",
        properties: {
          error: {
            type: 'object',
            properties: { message: { type: 'string' }, type: { type: 'string' }, param: { type: ['string', 'null'] }, code: { type: ['string', 'null'] } },
            required: ['message', 'type', 'param', 'code'],
          },
        },
        required: ['error'],
      },
      AnthropicError: {
        type: 'object',
        description:
          "Anthropic's error shape (/v1/messages), the service's `code` and helper fields (hint, docs, retry_after …) inside `error` beside Anthropic's `type`.",
        properties: {
          type: { const: 'error' },
          error: { type: 'object', properties: { type: { type: 'string' }, message: { type: 'string' }, code: codeRef }, required: ['type', 'message'] },
        },
        required: ['type', 'error'],
      },
      BadGateway: error(upstreamFault, ['error', 'upstream', 'cause']),
      GatewayTimeout: error(upstreamFault, ['error', 'upstream', 'cause']),
      ServiceUnavailable: {
        description:
          'A 503 that will pass (`code` maintenance, upstream_unavailable, still_running, service_unavailable: retry after `retry_after`, also the Retry-After header), or a configuration gap (`not_configured`: no Retry-After, `x-should-retry: false`, `settings` names what the operator sets).',
        anyOf: [
          error(
            {
              retry_after: { type: 'integer' },
              status: { type: 'string', description: 'The same as `code`.' },
              hint: { type: 'string' },
              upstream: { type: 'string' },
              cause: upstreamFault.cause,
            },
            ['error', 'retry_after', 'status'],
          ),
          error(
            {
              status: { const: 'not_configured' },
              hint: { type: 'string' },
              settings: {
                type: 'array',
                items: { type: 'string' },
                description: 'The environment variables an operator sets (the hint says whether one or all).',
              },
            },
            ['error', 'status', 'hint', 'settings'],
          ),
        ],
      },
    },
    responses: {
      BadRequest: response('Missing or invalid parameters, or invalid JSON.', 'BadRequest'),
      Unauthorized: response('Missing or invalid API key.', 'Unauthorized'),
      PaymentRequired: response(
        'Insufficient balance, free tier spent, or payment required/refused. Carries the x402 requirements three ways.',
        'PaymentRequired',
        {
          'PAYMENT-REQUIRED': { description: 'x402 v2 requirements (base64 JSON).', schema: { type: 'string' } },
        },
      ),
      Forbidden: response(
        'A premium tool without a key where this deployment takes no x402 payment (elsewhere that is a 402), or an x402 payment from another wallet than the wallet session.',
        'Forbidden',
      ),
      NotFound: response('Unknown path (or a resource that is not yours).', 'NotFound'),
      MethodNotAllowed: response('Wrong method.', 'MethodNotAllowed', { Allow: { schema: { type: 'string' } } }),
      UnsupportedMediaType: response(
        'The body is not application/json (or multipart/form-data where a file is uploaded), is declared in a charset other than UTF-8, or has a Content-Encoding other than gzip, deflate or br.',
        'UnsupportedMediaType',
      ),
      Conflict: response(
        'The Idempotency-Key (or X-Request-Id) was already used for a different request, or the same request is still running (with Retry-After: 1), or the state does not allow it now (a task already claimed, a claim that is not yours, a limit reached such as 50 active custom agents).',
        'Conflict',
        { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
      ),
      PayloadTooLarge: response('The body is larger than the limit (a compressed body once decoded).', 'PayloadTooLarge'),
      HeadersTooLarge: {
        description: 'The request line and headers are larger than the server accepts (a long query or token).',
        headers: { 'X-API-Version': rateHeaders['X-API-Version'], 'X-Request-Id': rateHeaders['X-Request-Id'] },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/HeadersTooLarge' } } },
      },
      TooManyRequests: response('Rate limit exceeded.', 'TooManyRequests', { 'Retry-After': { $ref: '#/components/headers/Retry-After' } }),
      InternalError: response('Internal error; never a stack trace.', 'InternalError'),
      BadGateway: response(
        "A server the call had to reach could not be: no such host, connection refused or reset, TLS failure, a broken answer. The upstream's fault; not charged.",
        'BadGateway',
      ),
      GatewayTimeout: response('A server the call had to reach did not answer in time. Not charged.', 'GatewayTimeout'),
      ServiceUnavailable: response(
        'Maintenance, an upstream failing (Retry-After), a call still running, or a configuration gap (`not_configured`: no Retry-After, x-should-retry: false).',
        'ServiceUnavailable',
        {
          'Retry-After': { $ref: '#/components/headers/Retry-After' },
          'x-should-retry': { $ref: '#/components/headers/x-should-retry' },
        },
      ),
    },
  };
}
