import { ActivityCancellationType, type ActivityOptions, type LocalActivityOptions } from '@temporalio/workflow';
import { NON_RETRYABLE_CALL_ERRORS } from '../schema/calls';

const notRetryable = [...NON_RETRYABLE_CALL_ERRORS];

/** How long past an x402 authorization's last valid second its settlement is still retried: the chain's clock may lag ours. */
export const SETTLEMENT_GRACE_MS = 15_000;

/** Named time-out and retry presets; no raw numbers elsewhere in workflow code. */
export const presets = {
  /**
   * Deciding a reservation: quick, riding out a database restart (the caller collects the answer with its X-Request-Id);
   * if the ledger stays down for two minutes the call fails with nothing held.
   */
  reserve: {
    startToCloseTimeout: '10s',
    scheduleToCloseTimeout: '2m',
    retry: { initialInterval: '100ms', backoffCoefficient: 2, maximumInterval: '5s', nonRetryableErrorTypes: notRetryable },
  },
  /** Settling or refunding must happen eventually, whatever the outage: retry for a day. */
  ledger: { startToCloseTimeout: '10s', scheduleToCloseTimeout: '24h', retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '1m' } },
  /** Reserve, run an offline tool and settle in one local activity; when it cannot, the ordinary steps take over. */
  quickCall: { startToCloseTimeout: '30s', retry: { initialInterval: '100ms', maximumAttempts: 3 } },
  /** Offline tools: CPU work of milliseconds, run beside the workflow task. */
  localTool: { startToCloseTimeout: '30s', retry: { initialInterval: '200ms', maximumAttempts: 3, nonRetryableErrorTypes: notRetryable } },
  /** Model and network tools: queued, heartbeated, retried on transient upstream errors. */
  model: {
    startToCloseTimeout: '5m',
    heartbeatTimeout: '30s',
    retry: { initialInterval: '1s', backoffCoefficient: 2, maximumAttempts: 3, nonRetryableErrorTypes: notRetryable },
  },
  /**
   * A model answer streamed to a caller. Heartbeats are how a cancellation (the caller hung up) reaches the
   * activity, and the SDK sends them at most every 0.8 × heartbeatTimeout: a short time-out stops a cut stream's
   * model within about two seconds. The workflow waits for the activity to stop before it refunds.
   */
  stream: {
    startToCloseTimeout: '5m',
    heartbeatTimeout: '2s',
    cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
    retry: { initialInterval: '1s', backoffCoefficient: 2, maximumAttempts: 3, nonRetryableErrorTypes: notRetryable },
  },
  /**
   * An on-chain transfer: submitted once, then waited for; a retry looks for the mined transfer first. A payment that
   * names its validity is retried until then instead of `maximumAttempts` (workflows/x402Settlement.ts).
   */
  settlement: { startToCloseTimeout: '3m', retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 10 } },
  /** Deciding on chain what became of a payment whose settlement could not reach the chain in its time: retried for a day. */
  confirmation: {
    startToCloseTimeout: '1m',
    scheduleToCloseTimeout: '24h',
    retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1m' },
  },
  /**
   * One webhook or callback attempt (the receiver has WEBHOOK_TIMEOUT_SECONDS to answer), or a page of a broadcast.
   * The receiver's failures are results, retried by the delivery workflow's own schedule; these retries cover our
   * outages only. The activities beat steadily (activities/activityContext.ts beatingWhile): an attempt whose worker
   * was killed is retried once the beats stop, not after the whole start-to-close time-out (a chaos run's worker kill
   * left a test event's delivery waiting 2 minutes).
   */
  delivery: {
    startToCloseTimeout: '2m',
    heartbeatTimeout: '10s',
    scheduleToCloseTimeout: '24h',
    retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m' },
  },
  /** One page of a crawl (robots.txt, fetch, store): a page that cannot be read is a result, these retries cover our outages. */
  page: { startToCloseTimeout: '1m', retry: { initialInterval: '1s', backoffCoefficient: 2, maximumAttempts: 3, nonRetryableErrorTypes: notRetryable } },
  /** Asking the scraping platform about a run or its dataset: safe to repeat, retried through its brief outages. */
  platform: {
    startToCloseTimeout: '1m',
    retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '30s', maximumAttempts: 6, nonRetryableErrorTypes: notRetryable },
  },
  /** Starting a platform run is not idempotent there: one attempt, so a lost answer never starts a second (billed) run. */
  platformStart: { startToCloseTimeout: '1m', retry: { maximumAttempts: 1 } },
  /** A batch of a catalogue discovery (fetch specs, probe, append events): heartbeated, retried; each entry is idempotent. */
  discovery: {
    startToCloseTimeout: '15m',
    heartbeatTimeout: '1m',
    retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 5, nonRetryableErrorTypes: notRetryable },
  },
  /** Embedding rows for search (the local model, in its thread): retried for a day, so no write stays unembedded. */
  embedding: {
    startToCloseTimeout: '5m',
    // The activity beats steadily (activities/activityContext.ts): a killed worker's attempt is retried after this.
    heartbeatTimeout: '30s',
    scheduleToCloseTimeout: '24h',
    retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m', nonRetryableErrorTypes: notRetryable },
  },
  /** Housekeeping such as purging expired relay events: no hurry, retried for an hour. */
  housekeeping: { startToCloseTimeout: '10m', scheduleToCloseTimeout: '1h', retry: { initialInterval: '5s', backoffCoefficient: 2, maximumInterval: '5m' } },
} as const satisfies Record<string, LocalActivityOptions | ActivityOptions>;
