import type { Reservation, ToolCallRequest } from '../../schema/calls';
import type { Config } from '../../schema/config';
import { type DomainEvent, event, type EventMetadata, streams } from '../../schema/events';
import { dailyFreeCalls } from './freeAllowance';
import { micros } from '../../schema/money';
import { type EventStore, type EventStoreTransaction, readStream } from '../eventStore';
import { type Clock, utcDay } from '../clock/clock';
import { priceFor } from './pricing';
import { type LockedAccount, lockAccount } from './availableBalance';
import { freeCallsUsed } from './freeCallsUsed';
import { keyVerdict } from '../accounts/spendLimits';

export interface BillingDeps {
  readonly store: EventStore;
  readonly config: Config;
  readonly clock: Clock;
}

/**
 * Holds the call's price before it runs, deciding under the payer's stream lock so concurrent calls can never
 * overspend. Idempotent by call id: a retried activity finds its earlier decision on the call stream.
 */
export async function reserveCall(deps: BillingDeps, request: ToolCallRequest): Promise<Reservation> {
  return deps.store.transaction(async (tx) => {
    const callStream = streams.call(request.callId);
    if ((await tx.lock(callStream)) > 0) return earlierDecision(deps, tx, request);
    return reserveNewCall(deps, tx, request);
  });
}

/** The reservation of a call with no history yet, inside the caller's transaction (its call stream already locked). */
export function reserveNewCall(deps: BillingDeps, tx: EventStoreTransaction, request: ToolCallRequest): Promise<Reservation> {
  switch (request.payer.kind) {
    case 'key':
      return reserveFromBalance(deps, tx, request);
    case 'free':
      return reserveFreeCall(deps, tx, request);
    case 'x402':
      return recordPaidCall(tx, request);
    case 'none':
      return recordFreeOfChargeCall(tx, request);
    default:
      throw new Error(`payer kind ${request.payer.kind} is not billed through reserveCall`);
  }
}

async function reserveFromBalance(deps: BillingDeps, tx: EventStoreTransaction, request: ToolCallRequest): Promise<Reservation> {
  const locked = await lockAccount(tx, request.payer.id, undefined, request.payer.keyId);
  const decided = decideFromBalance(deps, request, locked);
  await appendDecision(tx, request, decided, locked.version);
  return decided.reservation;
}

/**
 * Writes a balance decision: the call's events on its new stream and the account's at the version its lock read,
 * both in ONE statement (the account is locked until commit: a round trip fewer inside its critical section), each
 * stream's events followed by what the same transaction adds (a quick call's settlement).
 */
export async function appendDecision(
  tx: EventStoreTransaction,
  request: ToolCallRequest,
  decided: BalanceDecision,
  accountVersion: number,
  then: { readonly callEvents?: readonly DomainEvent[]; readonly accountEvents?: readonly DomainEvent[] } = {},
): Promise<void> {
  const { metadata } = decided;
  const accountEvents = [...decided.accountEvents, ...(then.accountEvents ?? [])];
  await tx.appendToEach([
    {
      streamId: streams.call(request.callId),
      events: [...decided.callEvents, ...(then.callEvents ?? [])],
      options: { expectedVersion: 'no_stream', metadata },
    },
    ...(accountEvents.length
      ? [{ streamId: streams.account(request.payer.id), events: accountEvents, options: { expectedVersion: accountVersion, metadata } }]
      : []),
  ]);
}

/** What a reservation from a balance decides, before anything is written: the call's events and the account's. */
export interface BalanceDecision {
  readonly reservation: Reservation;
  readonly callEvents: DomainEvent[];
  readonly accountEvents: DomainEvent[];
  readonly metadata: EventMetadata;
  /** The paying key's spend window the call counts in (its settlement and refund count there too). */
  readonly spendDay?: string;
}

/** The reservation against a balance read under the account's locks (`lockAccount`): the price, or the refusal. */
export function decideFromBalance(deps: BillingDeps, request: ToolCallRequest, locked: LockedAccount): BalanceDecision {
  const { payer, callId, tool } = request;
  const { availableMicros: available, webhookThresholds } = locked;
  // Metered calls hold their maximum and pay tokens; the bulk discount is a discount on our list prices, not on a seller's.
  const { price, discountPercent } =
    request.pricing === 'metered' || request.sale
      ? { price: micros(request.listPriceMicros), discountPercent: 0 }
      : priceFor(micros(request.listPriceMicros), available, deps.config);
  const metadata = { requestId: request.requestId, workflowId: `call-${callId}`, actor: `${payer.kind}:${payer.id}` };
  // What the call holds besides its price (a task's reward) is reserved with it, in this one decision: a call the
  // balance cannot cover whole is refused here and holds nothing, so it can never crowd out one that it could cover.
  const hold = request.holdMicros ?? 0;
  const needed = price + hold;

  // The paying key's own limits first (revoked, expired, its spend limits), then the account's balance.
  const verdict = locked.key ? keyVerdict(locked.key, deps.clock.now(), needed) : undefined;
  if (verdict && !verdict.ok) {
    const limit = verdict.reason === 'spend_limit' ? { limit: verdict.limit } : {};
    return {
      reservation: { ok: false, reason: verdict.reason, priceMicros: needed, ...limit },
      callEvents: [event('ToolCallRejected', { callId, tool, payer, reason: verdict.reason, priceMicros: needed, ...limit })],
      accountEvents: [],
      metadata,
    };
  }
  if (available < needed) {
    return {
      reservation: { ok: false, reason: 'insufficient_funds', priceMicros: needed, balanceMicros: available },
      callEvents: [event('ToolCallRejected', { callId, tool, payer, reason: 'insufficient_funds', priceMicros: needed, balanceMicros: available })],
      accountEvents: [],
      metadata,
    };
  }
  const spent = verdict?.ok && payer.keyId ? { keyId: payer.keyId, spendDay: verdict.spendDay } : undefined;
  const after = available - needed;
  const crossed = lowBalanceThresholds(deps, webhookThresholds).filter((t) => available >= t && after < t);
  const held = hold > 0 ? { holdMicros: hold } : {};
  return {
    reservation: { ok: true, reservedMicros: needed, ...held, discountPercent, balanceMicros: after },
    callEvents: [
      event('ToolCallStarted', {
        callId,
        tool,
        payer,
        priceMicros: price,
        discountPercent,
        pricing: request.pricing,
        requestId: request.requestId,
        ...held,
        ...(spent ? { spendDay: spent.spendDay } : {}),
      }),
    ],
    accountEvents: [
      event('ChargeReserved', {
        accountId: payer.id,
        callId,
        tool,
        amountMicros: needed,
        listPriceMicros: request.listPriceMicros,
        discountPercent,
        pricing: request.pricing === 'metered' ? 'metered' : 'flat',
        ...held,
        ...spent,
      }),
      ...crossed.map((t) => event('LowBalanceCrossed', { accountId: payer.id, thresholdMicros: t, balanceMicros: after })),
    ],
    metadata,
    ...(spent ? { spendDay: spent.spendDay } : {}),
  };
}

async function reserveFreeCall(deps: BillingDeps, tx: EventStoreTransaction, request: ToolCallRequest): Promise<Reservation> {
  const { payer, callId, tool } = request;
  const ip = payer.id;
  const day = utcDay(deps.clock.now());
  const limit = dailyFreeCalls(ip, deps.config);
  const stream = streams.freeTier(ip, day);
  const version = await tx.lock(stream);
  const { used, exhausted } = await freeCallsUsed(tx.trx, ip, day);
  const metadata = { requestId: request.requestId, workflowId: `call-${callId}`, actor: `free:${ip}`, ip };

  if (used >= limit) {
    if (!exhausted) await tx.append(stream, [event('FreeTierExhausted', { ip, day, limit })], { expectedVersion: version, metadata });
    await tx.append(
      streams.call(callId),
      [event('ToolCallRejected', { callId, tool, payer, reason: 'free_tier_exhausted', priceMicros: request.listPriceMicros })],
      { expectedVersion: 'no_stream', metadata },
    );
    return { ok: false, reason: 'free_tier_exhausted', priceMicros: request.listPriceMicros };
  }
  await tx.append(
    streams.call(callId),
    [event('ToolCallStarted', { callId, tool, payer, priceMicros: 0, discountPercent: 0, pricing: 'free', requestId: request.requestId })],
    { expectedVersion: 'no_stream', metadata },
  );
  await tx.append(stream, [event('FreeCallUsed', { ip, day, callId, tool })], { expectedVersion: version, metadata });
  return { ok: true, reservedMicros: 0, discountPercent: 0, freeDay: day, freeCallsRemaining: limit - used - 1 };
}

/** The activity ran before (a retry after a crash): answer what was decided then. */
async function earlierDecision(deps: BillingDeps, tx: EventStoreTransaction, request: ToolCallRequest): Promise<Reservation> {
  const history = await readStream(tx.trx, streams.call(request.callId));
  const rejected = history.find((e) => e.type === 'ToolCallRejected');
  if (rejected?.type === 'ToolCallRejected') {
    const { reason, priceMicros, balanceMicros, limit } = rejected.data;
    return { ok: false, reason, priceMicros, balanceMicros, ...(limit ? { limit } : {}) };
  }
  const started = history.find((e) => e.type === 'ToolCallStarted');
  if (started?.type !== 'ToolCallStarted') throw new Error(`call ${request.callId} has history but no start`);
  if (request.payer.kind === 'free') {
    const { used } = await freeCallsUsed(tx.trx, request.payer.id, utcDay(started.recordedAt));
    return {
      ok: true,
      reservedMicros: 0,
      discountPercent: 0,
      freeDay: utcDay(started.recordedAt),
      freeCallsRemaining: Math.max(0, dailyFreeCalls(request.payer.id, deps.config) - used),
    };
  }
  const hold = started.data.holdMicros ?? 0;
  return {
    ok: true,
    reservedMicros: started.data.priceMicros + hold,
    ...(hold > 0 ? { holdMicros: hold } : {}),
    discountPercent: started.data.discountPercent,
  };
}

/** Balances below which the account owner wants to hear: the service-wide default and their webhooks' own. */
function lowBalanceThresholds(deps: BillingDeps, webhookThresholds: readonly number[]): number[] {
  const service = deps.config.lowBalanceThreshold > 0 ? [deps.config.lowBalanceThreshold] : [];
  return [...new Set([...service, ...webhookThresholds])];
}

/** A tool with no price (the /preview demo): nothing to hold, but the call is on the record like any other. */
async function recordFreeOfChargeCall(tx: EventStoreTransaction, request: ToolCallRequest): Promise<Reservation> {
  const { payer, callId, tool } = request;
  const metadata = { requestId: request.requestId, workflowId: `call-${callId}`, actor: `${payer.kind}:${payer.id}`, ip: payer.id };
  await tx.append(
    streams.call(callId),
    [event('ToolCallStarted', { callId, tool, payer, priceMicros: 0, discountPercent: 0, pricing: 'free', requestId: request.requestId })],
    { expectedVersion: 'no_stream', metadata },
  );
  return { ok: true, reservedMicros: 0, discountPercent: 0 };
}

/** x402: the signed authorization is the hold; the money moves when the call settles on chain. */
async function recordPaidCall(tx: EventStoreTransaction, request: ToolCallRequest): Promise<Reservation> {
  const { payer, callId, tool, payment } = request;
  if (!payment) throw new Error('an x402 call must carry its payment');
  const metadata = { requestId: request.requestId, workflowId: `call-${callId}`, actor: `wallet:${payer.id}` };
  await tx.append(
    streams.call(callId),
    [
      event('ToolCallStarted', {
        callId,
        tool,
        payer,
        priceMicros: payment.priceMicros,
        discountPercent: 0,
        pricing: request.pricing === 'metered' ? 'metered' : 'flat',
        requestId: request.requestId,
      }),
    ],
    { expectedVersion: 'no_stream', metadata },
  );
  return { ok: true, reservedMicros: 0, discountPercent: 0 };
}
