import {
  type Address,
  BaseError,
  type Chain,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseSignature,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type Clock, systemClock } from '../clock/clock';
import { checkAuthorization } from './checkAuthorization';
import type { ExactPayment, Payment, UptoPayment } from './decodePayment';
import { type Facilitator, FacilitatorUnavailable, type Settlement, type SupportedKinds } from './facilitator';
import { caip2, toV1Network } from './network';
import { refuse, type RefusalReason, type Verdict } from './refusal';
import { erc20AllowanceAbi, nonceBit, PERMIT2_ADDRESS, permit2Abi, UPTO_PROXY_ADDRESS, uptoProxyAbi } from './permit2';
import type { PaymentRequirements } from './requirements';
import { eip3009TokenAbi } from './tokenAbi';

export interface SelfHostedFacilitatorOptions {
  readonly rpcUrl: string;
  /** The gas wallet that submits transferWithAuthorization (it needs ETH, never tokens). */
  readonly privateKey: Hex;
  readonly expiryMarginSeconds?: number;
  /** How long to wait for a submitted transfer to be mined. */
  readonly receiptTimeoutMs?: number;
  /** How often to ask the chain for a receipt; Base makes a block every 2 s, a local chain at once. */
  readonly pollingIntervalMs?: number;
  /** The clock payments are judged by; the system's when not given (a test moves it). */
  readonly clock?: Clock;
}

export interface SelfHostedFacilitator extends Facilitator {
  /** The gas wallet's address. */
  readonly address: Address;
}

/**
 * A facilitator that settles by itself: it checks payments against the chain (nonce unused,
 * balance enough) and submits the transfer through an RPC URL with its own gas key — transferWithAuthorization for
 * `exact`, the upto proxy's settle (a Permit2 witness transfer of the actual cost) for `upto`, where its gas wallet
 * is the facilitator the payer names.
 */
export function createSelfHostedFacilitator(options: SelfHostedFacilitatorOptions): SelfHostedFacilitator {
  const account = privateKeyToAccount(options.privateKey);
  const transport = http(options.rpcUrl, { retryCount: 1, timeout: 15_000 });
  const reader = createPublicClient({ transport, pollingInterval: options.pollingIntervalMs ?? 500 });
  const writer = createWalletClient({ account, transport });
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const receiptTimeoutMs = options.receiptTimeoutMs ?? 60_000;

  let chain: Promise<Chain> | null = null;
  const chainOfRpc = (): Promise<Chain> => {
    chain ??= reader.getChainId().then(
      (id) =>
        defineChain({
          id,
          name: `chain ${id}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [options.rpcUrl] } },
        }),
      (error: unknown) => {
        chain = null;
        throw unavailable('the RPC endpoint did not say which chain it serves', error);
      },
    );
    return chain;
  };

  // One transaction at a time reaches the mempool, so each takes the next nonce of the gas wallet.
  let sending: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(send: () => Promise<T>): Promise<T> => {
    const turn = sending.then(send, send);
    sending = turn.catch(() => undefined);
    return turn;
  };

  const offChainChecks = async (payment: Payment, requirements: PaymentRequirements): Promise<Verdict> => {
    const { id } = await chainOfRpc();
    if (requirements.chainId !== id) return refuse('wrong_network', `this facilitator settles on ${caip2(id)}, not ${requirements.network}`);
    return checkAuthorization(payment, requirements, { now: now(), expiryMarginSeconds: options.expiryMarginSeconds });
  };

  const readFailed = (what: Address) => (error: unknown) => {
    throw unavailable(`could not read token ${what}`, error);
  };

  /** EIP-3009: the token has not used the nonce, and the payer holds what it authorised. */
  const onChainTransfer = async (payment: ExactPayment, requirements: PaymentRequirements, verdict: Verdict): Promise<Verdict> => {
    const { from, nonce, value } = payment.authorization;
    const [used, balance] = await Promise.all([
      reader.readContract({ address: requirements.asset, abi: eip3009TokenAbi, functionName: 'authorizationState', args: [from, nonce] }),
      reader.readContract({ address: requirements.asset, abi: eip3009TokenAbi, functionName: 'balanceOf', args: [from] }),
    ]).catch(readFailed(requirements.asset));
    if (used) return refuse('nonce_reused', `the token already used or cancelled this authorization (nonce ${nonce}); sign a new payment`, from);
    if (balance < value)
      return refuse('insufficient_funds', `${from} holds ${balance} atomic units of ${requirements.asset}, less than the ${value} it authorised`, from);
    return verdict;
  };

  /** Permit2: the nonce's bit is still clear, the payer holds the maximum, and has let Permit2 move that much. */
  const onChainPermit = async (payment: UptoPayment, requirements: PaymentRequirements, verdict: Verdict): Promise<Verdict> => {
    const { from, nonce, permitted } = payment.permit;
    const { wordPosition, mask } = nonceBit(nonce);
    const [bitmap, balance, allowance] = await Promise.all([
      reader.readContract({ address: PERMIT2_ADDRESS, abi: permit2Abi, functionName: 'nonceBitmap', args: [from, wordPosition] }),
      reader.readContract({ address: requirements.asset, abi: eip3009TokenAbi, functionName: 'balanceOf', args: [from] }),
      reader.readContract({ address: requirements.asset, abi: erc20AllowanceAbi, functionName: 'allowance', args: [from, PERMIT2_ADDRESS] }),
    ]).catch(readFailed(requirements.asset));
    if ((bitmap & mask) !== 0n) return refuse('nonce_reused', `Permit2 already used this nonce (${nonce}) of ${from}; sign a new payment`, from);
    if (balance < permitted.amount)
      return refuse(
        'insufficient_funds',
        `${from} holds ${balance} atomic units of ${requirements.asset}, less than the ${permitted.amount} it authorised`,
        from,
      );
    if (allowance < permitted.amount)
      return refuse(
        'allowance_required',
        `${from} lets Permit2 (${PERMIT2_ADDRESS}) move ${allowance} atomic units of ${requirements.asset}, less than the ${permitted.amount} authorised; approve Permit2 once`,
        from,
      );
    return verdict;
  };

  const submitTransfer = (payment: ExactPayment, requirements: PaymentRequirements, target: Chain): Promise<Hex> => {
    const { from, to, value, validAfter, validBefore, nonce } = payment.authorization;
    const { r, s, yParity } = parseSignature(payment.signature);
    return writer.writeContract({
      chain: target,
      address: requirements.asset,
      abi: eip3009TokenAbi,
      functionName: 'transferWithAuthorization',
      args: [from, to, value, validAfter, validBefore, nonce, 27 + yParity, r, s],
    });
  };

  const submitPermit = (payment: UptoPayment, amount: bigint, target: Chain): Promise<Hex> => {
    const { from, permitted, nonce, deadline, witness } = payment.permit;
    return writer.writeContract({
      chain: target,
      address: UPTO_PROXY_ADDRESS,
      abi: uptoProxyAbi,
      functionName: 'settle',
      args: [{ permitted, nonce, deadline }, amount, from, witness, payment.signature],
    });
  };

  return {
    address: account.address,

    async verify(payment, requirements) {
      const verdict = await offChainChecks(payment, requirements);
      if (!verdict.ok) return verdict;
      return payment.kind === 'permit2' ? onChainPermit(payment, requirements, verdict) : onChainTransfer(payment, requirements, verdict);
    },

    async settle(payment, requirements): Promise<Settlement> {
      const { network } = requirements;
      const verdict = await offChainChecks(payment, requirements);
      if (!verdict.ok) return { ...verdict, transaction: null, network };
      const target = await chainOfRpc();
      const from = payment.payer;
      // exact moves the whole authorisation; upto moves what the requirements now ask (the call's actual cost).
      const amount = payment.kind === 'permit2' ? requirements.amount : payment.maxAmount;

      let transaction: Hex;
      try {
        transaction = await oneAtATime(() =>
          payment.kind === 'permit2' ? submitPermit(payment, requirements.amount, target) : submitTransfer(payment, requirements, target),
        );
      } catch (error) {
        const revert = revertReason(error);
        if (revert === null) throw unavailable('could not submit the transfer', error);
        return { ...refuse(reasonOfRevert(revert), `the chain refused the transfer: ${revert}`, from), transaction: null, network };
      }

      const receipt = await reader.waitForTransactionReceipt({ hash: transaction, timeout: receiptTimeoutMs }).catch((error: unknown) => {
        throw unavailable(`transfer ${transaction} was submitted but its receipt did not arrive within ${receiptTimeoutMs} ms; it may still settle`, error);
      });
      if (receipt.status !== 'success') {
        return { ...refuse('settlement_failed', `transfer ${transaction} reverted in block ${receipt.blockNumber}`, from), transaction, network };
      }
      return { ok: true, transaction, network, payer: from, amount };
    },

    async supported(): Promise<SupportedKinds> {
      const { id } = await chainOfRpc();
      const v1Network = toV1Network(caip2(id));
      return {
        kinds: [
          ...(v1Network ? [{ x402Version: 1, scheme: 'exact', network: v1Network }] : []),
          { x402Version: 2, scheme: 'exact', network: caip2(id) },
          { x402Version: 2, scheme: 'upto', network: caip2(id), extra: { facilitatorAddress: account.address } },
        ],
        extensions: [],
        signers: { 'eip155:*': [account.address] },
      };
    },
  };
}

/** The revert string when the chain refused the call, null when the failure was not the contract's. */
function revertReason(error: unknown): string | null {
  if (error instanceof BaseError) {
    const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) return reverted.reason ?? reverted.data?.errorName ?? reverted.shortMessage;
  }
  const message = error instanceof Error ? error.message : String(error);
  const match = /revert(?:ed)?[:\s]+(.*)/i.exec(message);
  return match ? (match[1] ?? '').split('\n')[0]!.trim() || 'reverted' : null;
}

// USDC's revert strings (and DevUsdc's, which copies them) name the cause.
const REVERTS: readonly [RegExp, RefusalReason][] = [
  [/used or canceled/i, 'nonce_reused'],
  [/expired/i, 'expired'],
  [/not yet valid/i, 'not_yet_valid'],
  [/invalid signature/i, 'invalid_signature'],
  [/exceeds balance/i, 'insufficient_funds'],
  // Permit2's and the upto proxy's custom errors, by name.
  [/InvalidNonce/, 'nonce_reused'],
  [/SignatureExpired/, 'expired'],
  [/PaymentTooEarly/, 'not_yet_valid'],
  [/InvalidSignature|InvalidSigner/, 'invalid_signature'],
  [/AmountExceedsPermitted|InvalidAmount/, 'insufficient_amount'],
  [/UnauthorizedFacilitator/, 'wrong_facilitator'],
  [/TRANSFER_FROM_FAILED|insufficient/i, 'insufficient_funds'],
];

function reasonOfRevert(revert: string): RefusalReason {
  return REVERTS.find(([pattern]) => pattern.test(revert))?.[1] ?? 'settlement_failed';
}

function unavailable(what: string, cause: unknown): FacilitatorUnavailable {
  const detail = cause instanceof BaseError ? cause.shortMessage : cause instanceof Error ? cause.message : String(cause);
  return new FacilitatorUnavailable(`${what}: ${detail}`, { cause });
}
