import type { Tracer } from '@opentelemetry/api';
import type { Admission } from './admission/admission';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import type { EventStore } from '../core/eventStore';
import type { Clock } from '../core/clock/clock';
import type { X402Runtime } from '../core/x402/x402Runtime';
import type { Config } from '../schema/config';
import type { TemporalMetricsSource } from '../core/metrics/metricsText';
import type { LocalModels } from './models/localModels';
import type { ClaimOwner } from '../core/idempotency';

/** What the HTTP layer is given; it owns none of it. */
export interface AppDeps {
  readonly config: Config;
  readonly store: EventStore;
  readonly temporal: { readonly client: Client; readonly eagerStart: boolean };
  readonly log: Logger;
  readonly clock: Clock;
  readonly startedAt: Date;
  /** x402 payments; null (with the reason in x402Off) when no payee or facilitator is configured. */
  readonly x402: X402Runtime | null;
  readonly x402Off?: string;
  /** The models the workers found on local OpenAI-compatible servers (LOCAL_MODEL_PROBE). */
  readonly localModels: LocalModels;
  /** An embedded worker's Temporal SDK metrics, passed on by GET /metrics. */
  readonly temporalMetrics?: TemporalMetricsSource;
  /** Set when tracing is on (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): each request is the root span of its call's trace. */
  readonly tracer?: Tracer;
  /** This API's lock that marks its idempotency claims as alive: without it a dead API's claims pass on by lease alone. */
  readonly claimOwner?: ClaimOwner;
  /** Admission of the paid calls callers wait for (api/admission/): absent, every call is admitted. */
  readonly admission?: Admission;
}

/** Per-request state the middleware builds up, read by later middleware and handlers. */
export interface RequestState {
  requestId: string;
  /**
   * The id of the call this request makes (its stream and workflow): the request id, or, for a key the caller sent,
   * that key in the sender's own namespace (core/idempotency/scopedCallId.ts, set by api/idempotency/).
   */
  callId: string;
  /** The idempotency key the caller sent, and in which header (a request id the API made up is none). */
  idempotencyKey?: IdempotencyKey;
  /** A repeat of a call already started under that key: it attaches to the call's run (api/idempotency/). */
  attaching?: boolean;
  clientIp: string;
  /** Validated, alias-resolved input of the matched tool. */
  input?: Record<string, unknown>;
  caller?: Caller;
  tool?: string;
  payerLabel?: string;
  /** A key caller's balance, read while the rate limit counts the request (api/middleware/balanceAhead.ts). */
  balanceAhead?: { readonly accountId: string; readonly read: Promise<number> };
  /** When a paid call's request arrived (performance.now(), stamped by shedEarly): admission counts its wait from here. */
  arrivedAt?: number;
  /** The place in admission shedEarly took for the request, until its call takes it over (api/admission/admitCall.ts). */
  admissionTicket?: string;
  /** How long the call's worker waited on its model provider or data upstream (Server-Timing's `upstream`). */
  upstreamMs?: number;
  /** The file of an upload (api/middleware/fileBody.ts): its bytes never go into `input`. */
  upload?: { readonly bytes: Buffer; readonly filename: string | null };
}

export interface IdempotencyKey {
  /** `payment-identifier`: the id an x402 payment carries (its extension), when the caller sent no header. */
  readonly header: 'X-Request-Id' | 'Idempotency-Key' | 'payment-identifier';
  readonly value: string;
}

export type Caller =
  | { readonly kind: 'anonymous' }
  | {
      readonly kind: 'invalid';
      readonly error: string;
      readonly hint: string;
      readonly code: 'invalid_api_key' | 'invalid_session' | 'key_revoked' | 'key_expired' | 'key_rotated';
    }
  | {
      readonly kind: 'key';
      readonly keyId: string;
      readonly accountId: string;
      readonly masked: string;
      readonly keyHash: string;
      /** What the key may do besides spend (its settings; spend limits are held by the reservation). */
      readonly grants: KeyGrants;
    }
  /** A wallet session (POST /agents/verify): reads what the wallet owns; pays with x402 from that wallet. */
  | { readonly kind: 'wallet'; readonly address: string; readonly sessionId: string; readonly expiresAt: Date };

/** A key's requests per minute (null: the deployment's), the tools it may call (null: all), and whether it manages keys. */
export interface KeyGrants {
  readonly rpm: number | null;
  readonly allowedTools: readonly string[] | null;
  readonly manageKeys: boolean;
}
