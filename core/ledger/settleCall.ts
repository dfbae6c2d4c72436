import type { MarketplaceSale, ToolCallRequest, ToolResult } from '../../schema/calls';
import { chargeWithin } from '../../schema/metering';
import { type DomainEvent, event, type EventMetadata, type KeySpend, type Payer, streams, type TokenUsage } from '../../schema/events';
import { recordSettledEffects } from './settledCallEffects';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import { type EventStoreTransaction, readStream, type StoredEvent } from '../eventStore';
import type { BillingDeps } from './reserveCall';
import { availableBalance } from './availableBalance';
import { takenOverHold } from './takenOverHold';

/** The settlement of a call whose tool has run: the charge within what was held, and what the call used. */
export function settlementOf(request: ToolCallRequest, reservedMicros: number, result: ToolResult & { readonly durationMs: number }): SettleRequest {
  return {
    callId: request.callId,
    tool: request.tool,
    payer: request.payer,
    reservedMicros,
    chargedMicros: chargeWithin(reservedMicros, result, request.metering),
    model: result.model,
    tokens: result.tokens,
    durationMs: result.durationMs,
    requestId: request.requestId,
    ...(request.sale ? { sale: request.sale } : {}),
  };
}

export interface SettleRequest {
  readonly callId: string;
  readonly tool: string;
  readonly payer: Payer;
  readonly reservedMicros: number;
  /** What the call costs: the reservation (flat) or the tokens' price (metered), never more than reserved. */
  readonly chargedMicros: number;
  readonly model: string;
  readonly tokens: TokenUsage;
  readonly durationMs: number;
  readonly requestId: string;
  /** A marketplace call: the seller is credited its share in the settling transaction. */
  readonly sale?: MarketplaceSale;
  /** A key's call: the spend window it was reserved in (ToolCallStarted.spendDay), where its charge counts. */
  readonly spendDay?: string;
  /** The caller left before the answer and is charged anyway (ToolCallCompleted.callerLeft says so). */
  readonly callerLeft?: boolean;
}

export interface Settlement {
  readonly chargedMicros: number;
  readonly balanceMicros?: number;
}

/** Turns the reservation into a charge. Idempotent: a second settle of the same call changes nothing. */
export async function settleCall(deps: BillingDeps, request: SettleRequest): Promise<Settlement> {
  const { callId, payer } = request;
  return deps.store.transaction(async (tx) => {
    const callStream = streams.call(callId);
    const version = await tx.lock(callStream);
    const history = await readStream(tx.trx, callStream);
    const done = history.find((e) => e.type === 'ToolCallCompleted');
    if (done?.type === 'ToolCallCompleted') return { chargedMicros: done.data.chargedMicros, balanceMicros: await balanceOf(tx.trx, payer) };
    if (history.some((e) => e.type === 'ToolCallFailed')) throw new Error(`call ${callId} was already refunded; it cannot be settled`);

    // A hold its effects took over (a posted task's reward) is the task's now: the call settles only the rest.
    const reservedMicros = request.reservedMicros - takenOverHold(history);
    const spendDay = spendDayOfCall(history);
    return recordSettlement(
      tx,
      { ...request, reservedMicros, chargedMicros: Math.min(request.chargedMicros, reservedMicros), ...(spendDay ? { spendDay } : {}) },
      version,
    );
  });
}

/** The charge of a reserved call, inside the caller's transaction; `callVersion` is its call stream's version now. */
export async function recordSettlement(tx: EventStoreTransaction, request: SettleRequest, callVersion: number): Promise<Settlement> {
  const { callId, payer } = request;
  const settled = settlementEvents(request);
  // The call's completion and the account's charge in one statement.
  await tx.appendToEach([
    { streamId: streams.call(callId), events: [settled.callEvent], options: { expectedVersion: callVersion, metadata: settled.metadata } },
    ...(settled.accountEvent ? [{ streamId: streams.account(payer.id), events: [settled.accountEvent], options: { metadata: settled.metadata } }] : []),
  ]);
  await recordSettledEffects(tx, { callId, tool: request.tool, ...(request.sale ? { sale: request.sale } : {}), metadata: settled.metadata });
  return { chargedMicros: settled.chargedMicros, balanceMicros: await balanceOf(tx.trx, payer) };
}

/** What settling writes: the call's completion, and for a balance the charge (what was held beyond it comes back). */
export function settlementEvents(request: SettleRequest): {
  readonly chargedMicros: number;
  readonly callEvent: DomainEvent;
  readonly accountEvent?: DomainEvent;
  readonly metadata: EventMetadata;
} {
  const { callId, payer, tool } = request;
  const charged = Math.min(request.chargedMicros, request.reservedMicros);
  return {
    chargedMicros: charged,
    callEvent: event('ToolCallCompleted', {
      callId,
      tool,
      payer,
      model: request.model,
      tokens: request.tokens,
      durationMs: request.durationMs,
      chargedMicros: charged,
      ...(request.callerLeft ? { callerLeft: true as const } : {}),
    }),
    ...(payer.kind === 'key'
      ? {
          accountEvent: event('ChargeSettled', {
            accountId: payer.id,
            callId,
            reservedMicros: request.reservedMicros,
            chargedMicros: charged,
            ...keySpendOf(payer, request.spendDay),
          }),
        }
      : {}),
    metadata: { requestId: request.requestId, workflowId: `call-${callId}`, actor: `${payer.kind}:${payer.id}` },
  };
}

export async function balanceOf(db: Kysely<Tables>, payer: Payer): Promise<number | undefined> {
  if (payer.kind !== 'key') return undefined;
  return availableBalance(db, payer.id);
}

/** The key and spend window a call's money counts against, when a key paid it (see KeySpend). */
export function keySpendOf(payer: Payer, spendDay: string | undefined): KeySpend {
  return payer.keyId && spendDay ? { keyId: payer.keyId, spendDay } : {};
}

/** The spend window the call was reserved in, from its history. */
export function spendDayOfCall(history: readonly StoredEvent[]): string | undefined {
  const started = history.find((e) => e.type === 'ToolCallStarted');
  return started?.type === 'ToolCallStarted' ? started.data.spendDay : undefined;
}
