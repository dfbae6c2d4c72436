import { availableBalance } from '../../core/ledger/availableBalance';
import { utcDay } from '../../core/clock/clock';
import { freeCallsUsed } from '../../core/ledger/freeCallsUsed';
import { listPriceOf, priceFor } from '../../core/ledger/pricing';
import { decodePaymentHeaders } from '../../core/x402';
import { isQuickCall, type MarketplaceSale, type ToolCallRequest } from '../../schema/calls';
import type { Payer } from '../../schema/events';
import { dailyFreeCalls, mcpAllowanceId } from '../../core/ledger/freeAllowance';
import { InvalidAmount, type Micros, micros, microsToUsd, usdToMicros } from '../../schema/money';
import type { WorkflowToolEntry } from '../../schema/registry';
import type { AppDeps, Caller } from '../deps';
import { BadRequest, Forbidden, NotConfigured, type PaymentRequired, ServiceUnavailable } from '../errors/httpErrors';
import { links } from '../links';
import { executionFor } from './executionFor';
import { missingSettingProblem } from './requiredSettings';
import { allowanceUsedUp, insufficientBalance } from './paymentRefusals';
import { refuseDisallowedTool } from '../accounts/toolAllowance';
import { admitCall } from '../admission/admitCall';
import { acceptPayment, paymentHeaderOf } from '../payments/acceptPayment';
import { meteredPrice } from '../payments/meteredPrice';
import { type Offer, offerFor, offerViews } from '../payments/paymentOffer';
import { callDeadline } from './callDeadline';
import { checkBeforePayment } from './beforePayment';
import { paymentRequired } from '../payments/paymentRequired';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/** Where a call comes from: the route a caller used, who they are, and what they sent besides the input. */
export interface CallOrigin {
  /**
   * `http`: a tool's own route; `execute`: POST /execute/{id}, paid like the tool's route but answered once;
   * `mcp`: an MCP tools/call; `job`: an async job (its key pays, nothing streams); `a2a`: an A2A task, an async job
   * paid as its tool's route is (a key, an x402 payment from the message, or the HTTP free tier).
   */
  readonly channel: 'http' | 'execute' | 'mcp' | 'job' | 'a2a';
  /** Names the workflow (`call-<callId>`): the X-Request-Id over HTTP, so a repeat attaches to the first run. */
  readonly callId: string;
  readonly requestId: string;
  readonly clientIp: string;
  readonly caller: Caller | undefined;
  /** The caller's balance as read beside the rate limit (api/middleware/balanceAhead.ts), when it was. */
  readonly balanceAhead?: { readonly accountId: string; readonly read: Promise<number> };
  /** HTTP (and /execute): X-Pricing and the x402 payment headers; MCP and A2A: the payment their message carries, as its header. */
  readonly headers?: Headers;
  /**
   * A repeat of a call already started under the caller's idempotency key: it attaches to that call's run, which
   * reserved (or was refused) for itself, so the early balance and allowance checks would only refuse a call that is paid.
   */
  readonly attaching?: boolean;
  /**
   * The caller sent an id it can collect the answer by (X-Request-Id, Idempotency-Key, payment-identifier): a call it
   * leaves after its tool started runs on and is charged, its answer kept (ToolCallRequest.whenCallerLeaves).
   */
  readonly collectable?: boolean;
  /** When the request arrived (performance.now()), for admission (api/admission/admitCall.ts). */
  readonly arrivedAt?: number;
  /** The place in admission taken for the request before it was read (api/admission/shedEarly.ts). */
  readonly admissionTicket?: string;
  /** Who the caller is as far as admission can tell, for its share of the places (api/admission/callerTag.ts). */
  readonly callerTag?: string;
}

/** Channels whose caller waits on the connection for the answer (and so may leave): not jobs, which nobody waits on. */
const WAITING_CHANNELS: ReadonlySet<CallOrigin['channel']> = new Set(['http', 'execute', 'mcp']);

/**
 * The one way a call is prepared, whatever route it came by: the caller's mistakes in what was asked, then who pays (a
 * key, an x402 payment, the free tier or the MCP allowance), then what this deployment lacks for it, then the request
 * the `toolCall` workflow runs. Refusals are thrown here as HTTP errors before any workflow starts, so a refused
 * X-Request-Id can be sent again once the caller has paid (idempotency keeps answers of calls that ran, not of
 * refusals). The balance and allowance checks here read the projections; the workflow's reservation, under the payer's
 * stream lock, is what guards them against races.
 */
export async function prepareCall(deps: AppDeps, entry: WorkflowToolEntry, given: Record<string, unknown>, origin: CallOrigin): Promise<ToolCallRequest> {
  const docs = links(deps.config).docs(entry.name);
  refuseDisallowedTool(origin.caller, entry, docs);
  // Whatever the route, a tool about the caller's own address (/data/ip) gets it here: the worker cannot know it.
  const ipField = entry.clientIpInput;
  const input = ipField && given[ipField] === undefined ? { ...given, [ipField]: origin.clientIp } : given;
  // Every feature's check (api/<feature>/feature.ts `beforePayment`): the caller's mistakes (an unknown listing or
  // catalogue entry, another owner's agent, a plan that cannot run as sent) are refused before anyone is asked to pay.
  // What this deployment lacks (a setting, a model provider: 503) is said once the payer is settled.
  const { sale, unavailable: lacking } = await checkBeforePayment({ deps, entry, input, caller: origin.caller, docs });
  const listPrice = sale ? micros(sale.priceMicros) : listPriceOf(entry, deps.config);
  // A malformed deadline is the caller's mistake too: 400 before a payment is asked for (a 402 would hide it).
  const deadline = origin.headers ? callDeadline(origin.headers, deps.clock.now().getTime(), docs) : undefined;
  const hold = holdOf(entry, input, docs);
  const execution = unlessUnavailable(() => executionFor(entry, deps, input, docs));
  const upto = sale ? null : uptoPrice(deps, entry, input, docs);
  const payerKind = payerKindOf(deps, entry, origin, listPrice, upto?.maxMicros);
  const unavailable = missingSettingProblem(entry, deps.config) ?? lacking;
  if (unavailable) throw unavailable;
  if (execution instanceof ServiceUnavailable || execution instanceof NotConfigured) throw execution;
  // Admitted, or refused 503 overloaded, before any balance is read or payment taken: a refused call holds nothing.
  // Its pool: a quick call (an offline tool in the worker's process) or one that waits on an upstream, a chain, a stream.
  const quick = payerKind.kind !== 'x402' && isQuickCall({ execution, stream: streams(entry, input, origin), orchestration: entry.orchestration });
  const admitted = admitCall(deps, origin, quick);
  try {
    return await preparedRequest(deps, entry, input, origin, { listPrice, sale, hold, execution, upto, payerKind, deadline, docs });
  } catch (error) {
    if (admitted) deps.admission?.release(origin.callId);
    throw error;
  }
}

/** The rest of prepareCall, once the call is admitted: who pays, and the request the workflow runs. */
async function preparedRequest(
  deps: AppDeps,
  entry: WorkflowToolEntry,
  input: Record<string, unknown>,
  origin: CallOrigin,
  decided: {
    listPrice: Micros;
    sale: MarketplaceSale | undefined;
    hold: number;
    execution: Exclude<ReturnType<typeof executionFor>, ServiceUnavailable | NotConfigured>;
    upto: ReturnType<typeof uptoPrice>;
    payerKind: PayerKind;
    deadline: number | undefined;
    docs: string;
  },
): Promise<ToolCallRequest> {
  const { listPrice, sale, hold, execution, upto, payerKind, deadline, docs } = decided;
  // An answer nobody can collect is not charged; one kept for collection, or a tool whose effect stays, is.
  const whenCallerLeaves: ToolCallRequest['whenCallerLeaves'] = WAITING_CHANNELS.has(origin.channel)
    ? origin.collectable || entry.changes
      ? 'finish'
      : 'cancel'
    : undefined;

  const base = {
    callId: origin.callId,
    requestId: origin.requestId,
    tool: entry.name,
    execution,
    ...(entry.orchestration ? { orchestration: entry.orchestration } : {}),
    input,
    listPriceMicros: listPrice,
    ...(streams(entry, input, origin) ? { stream: true } : {}),
    ...(sale ? { sale } : {}),
    ...(hold > 0 ? { holdMicros: hold } : {}),
    ...(deadline !== undefined ? { deadline } : {}),
    ...(whenCallerLeaves ? { whenCallerLeaves } : {}),
  };
  switch (payerKind.kind) {
    case 'none':
      return { ...base, payer: payerKind.payer, pricing: 'flat' };
    case 'free': {
      const { payer } = payerKind;
      const { used } = await freeCallsUsed(deps.store.db, payer.id, utcDay(deps.clock.now()));
      if (!origin.attaching && used >= dailyFreeCalls(payer.id, deps.config)) throw allowanceUsedUp(deps, entry, payer.id, upto?.maxMicros);
      return { ...base, payer, pricing: 'free' };
    }
    case 'key': {
      const { payer } = payerKind;
      // MCP and jobs send no X-Pricing: the entry's default pricing applies to them as to a request without one.
      const metered = meteredPrice(origin.headers ? header(origin.headers, 'x-pricing') : '', entry, input, deps.config, docs, deps.localModels.current());
      const ahead = origin.balanceAhead;
      const available = await (ahead?.accountId === payer.id ? ahead.read : availableBalance(deps.store.db, payer.id));
      const price = metered ? metered.maxMicros : sale ? listPrice : priceFor(listPrice, available, deps.config).price;
      if (!origin.attaching && available < price + hold) {
        throw insufficientBalance(deps, entry, micros(price + hold), available, {
          metered: Boolean(metered),
          holdMicros: hold,
          job: origin.channel === 'job',
        });
      }
      if (!metered) return { ...base, payer, pricing: 'flat' };
      return { ...base, payer, pricing: 'metered', listPriceMicros: metered.maxMicros, metering: metered.rates };
    }
    case 'x402': {
      // Claimed last, after every other check: a refused call must not spend the caller's signed payment.
      const offer = offerFor(deps, entry.path, entry.summary, upto?.maxMicros);
      const headers = origin.headers ?? {};
      const session = origin.caller?.kind === 'wallet' ? origin.caller.address : null;
      if (session) refuseOtherWallet(session, paymentFrom(headers), docs);
      const accepted = await acceptPayment(deps, offer, headers, listPrice, { callId: origin.callId, requestId: origin.requestId, docs });
      if (session) refuseOtherWallet(session, accepted.payer, docs);
      const payer = { kind: 'x402' as const, id: accepted.payer };
      // upto: metered like a key's call (the maximum verified, the tokens' price settled), the transfer its charge.
      if (accepted.payment.upto && upto)
        return { ...base, payer, pricing: 'metered', listPriceMicros: upto.maxMicros, metering: upto.rates, payment: accepted.payment };
      return { ...base, payer, pricing: 'flat', payment: accepted.payment };
    }
  }
}

type PayerKind = { kind: 'none' | 'key' | 'free'; payer: Payer } | { kind: 'x402' };

/**
 * What an x402 `upto` payment may authorise for this call, and how its cost is then counted: offered where the cost is
 * the tokens a model uses (generative, local-capable and embedding tools), at the most the call can cost metered, as a
 * key holder's `X-Pricing: metered` call would reserve. Null where the cost is flat (no model) and x402 pays the price.
 */
function uptoPrice(deps: AppDeps, entry: WorkflowToolEntry, input: Record<string, unknown>, docs: string): ReturnType<typeof meteredPrice> {
  if (!deps.x402?.uptoFacilitator || entry.model === 'none') return null;
  try {
    return meteredPrice('metered', entry, input, deps.config, docs, deps.localModels.current());
  } catch {
    // A call this deployment cannot meter (no embedding provider, say) is offered at its flat price; the checks
    // before and after this one give the caller the reason if the call cannot run at all.
    return null;
  }
}

/** Who would pay, decided without side effects; a caller who cannot pay this way at all is refused here. */
function payerKindOf(deps: AppDeps, entry: WorkflowToolEntry, origin: CallOrigin, price: Micros, uptoMax: Micros | undefined): PayerKind {
  // A free tool (the /preview demo) bills no one and spends no allowance; the IP rate limit is its only bound.
  if (price === 0) return { kind: 'none', payer: { kind: 'none', id: origin.clientIp } };
  const caller = origin.caller;
  if (caller?.kind === 'key') return { kind: 'key', payer: { kind: 'key', id: caller.accountId, keyId: caller.keyId } };
  if (origin.channel === 'job') throw new Error('an async job is paid by its key: requireKey() runs first');
  if (origin.headers && paymentHeaderOf(origin.headers)) return { kind: 'x402' };

  const offer = offerFor(deps, entry.path, entry.summary, uptoMax);
  if (caller?.kind === 'wallet' && entry.needsIdentity) {
    throw paymentRequired(offer, `a wallet session pays with x402 from its wallet (${caller.address})`, price, null);
  }
  if (entry.premium) throw premiumRefusal(deps, entry, offer, price);
  // A free allowance names nobody: tools that act as their payer (agents, memory, messages …) need a key or a wallet.
  if (entry.needsIdentity && origin.channel === 'mcp') {
    // Over MCP the answer carries the x402 PaymentRequired, so a client with a wallet can pay and act as that wallet.
    throw paymentRequired(
      offer,
      `${entry.name} acts as an identity: give the MCP server an API key (Authorization: Bearer apk_…), or pay with x402 from a wallet`,
      price,
      null,
    );
  }
  if (origin.channel === 'mcp') return { kind: 'free', payer: { kind: 'free', id: mcpAllowanceId(origin.clientIp) } };
  if (!entry.freeTier) throw paymentRequired(offer, 'payment required: send an API key or an x402 payment', price, null);
  return { kind: 'free', payer: { kind: 'free', id: origin.clientIp } };
}

/**
 * A premium tool is not in the free tier, but a caller without a key can still pay for it: 402 with the requirements
 * (official x402 clients pay only a 402). Only where this deployment takes no x402 payment is it the spec's 403.
 */
function premiumRefusal(deps: AppDeps, entry: WorkflowToolEntry, offer: Offer, price: Micros): PaymentRequired | Forbidden {
  const upgrade = links(deps.config).upgrade;
  if (offer.x402) {
    return paymentRequired(offer, `${entry.path} is a premium tool, not in the free tier: pay this call with x402, or send a key with credit`, price, null, {
      upgrade_url: upgrade,
    });
  }
  const views = offerViews(offer, price, 'premium tool: payment required');
  return new Forbidden(
    `${entry.path} is a premium tool: it needs an API key with credit (x402 payments are not taken here)`,
    'Send a key with credit (Authorization: Bearer apk_…); POST /auth/generate-key makes one.',
    upgrade,
    { cost_usd: microsToUsd(price), ...views.body },
  ).withHeaders(views.headers);
}

/** A check's answer, or the 503 it threw (a setting or a model provider this deployment lacks), to be thrown later. */
function unlessUnavailable<T>(check: () => T): T | ServiceUnavailable | NotConfigured {
  try {
    return check();
  } catch (error) {
    if (error instanceof ServiceUnavailable || error instanceof NotConfigured) return error;
    throw error;
  }
}

/** What the call holds besides its price (the entry's `holds`, a USD input such as a task's reward), in micro-USD. */
function holdOf(entry: WorkflowToolEntry, input: Record<string, unknown>, docs: string): number {
  const field = entry.holds;
  const usd = field ? input[field] : undefined;
  if (typeof usd !== 'number' || usd <= 0) return 0;
  try {
    return usdToMicros(usd);
  } catch (error) {
    if (error instanceof InvalidAmount) throw new BadRequest(`${field} has more than 6 decimals`, 'USD amounts are exact to the micro-USD (6 decimals).', docs);
    throw error;
  }
}

/** A marketplace call's price and split, from its live listing; an unknown or delisted one is a 404 before any payment. */
/** Who signed the payment, read before it is claimed (an undecodable one is refused by acceptPayment with a 400). */
function paymentFrom(headers: Headers): string | undefined {
  try {
    return decodePaymentHeaders(headers)?.payer;
  } catch {
    return undefined;
  }
}

/** A wallet session may pay only from its own wallet: acting as one wallet while paying from another is refused. */
function refuseOtherWallet(session: string, payer: string | undefined, docs: string): void {
  if (payer === undefined || payer.toLowerCase() === session) return;
  throw new Forbidden(
    `this wallet session is for ${session}; the payment comes from ${payer.toLowerCase()}`,
    'Pay from the wallet the session was verified for, or call without the session token.',
    docs,
  );
}

/** Only a route of its own answers as server-sent events: MCP and jobs answer once. */
function streams(entry: WorkflowToolEntry, input: Record<string, unknown>, origin: CallOrigin): boolean {
  if (origin.channel !== 'http') return false;
  return entry.streaming === 'always' || (entry.streaming === 'on-request' && input.stream === true);
}

function header(headers: Headers, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}
