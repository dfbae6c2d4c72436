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
import { checkAuthorization } from './checkAuthorization';
import type { Payment } from './decodePayment';
import { type Facilitator, FacilitatorUnavailable, type Settlement, type SupportedKinds } from './facilitator';
import { caip2, toV1Network } from './network';
import { refuse, type RefusalReason, type Verdict } from './refusal';
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
  readonly now?: () => Date;
}

export interface SelfHostedFacilitator extends Facilitator {
  /** The gas wallet's address. */
  readonly address: Address;
}

/**
 * A facilitator that settles by itself: it checks payments against the chain (nonce unused,
 * balance enough) and submits transferWithAuthorization through an RPC URL with its own gas key.
 */
export function createSelfHostedFacilitator(options: SelfHostedFacilitatorOptions): SelfHostedFacilitator {
  const account = privateKeyToAccount(options.privateKey);
  const transport = http(options.rpcUrl, { retryCount: 1, timeout: 15_000 });
  const reader = createPublicClient({ transport, pollingInterval: options.pollingIntervalMs ?? 500 });
  const writer = createWalletClient({ account, transport });
  const now = options.now ?? (() => new Date());
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

  return {
    address: account.address,

    async verify(payment, requirements) {
      const verdict = await offChainChecks(payment, requirements);
      if (!verdict.ok) return verdict;
      const { from, nonce, value } = payment.authorization;
      const [used, balance] = await Promise.all([
        reader.readContract({ address: requirements.asset, abi: eip3009TokenAbi, functionName: 'authorizationState', args: [from, nonce] }),
        reader.readContract({ address: requirements.asset, abi: eip3009TokenAbi, functionName: 'balanceOf', args: [from] }),
      ]).catch((error: unknown) => {
        throw unavailable(`could not read token ${requirements.asset}`, error);
      });
      if (used) return refuse('nonce_reused', `the token already used or cancelled this authorization (nonce ${nonce}); sign a new payment`, from);
      if (balance < value)
        return refuse('insufficient_funds', `${from} holds ${balance} atomic units of ${requirements.asset}, less than the ${value} it authorised`, from);
      return verdict;
    },

    async settle(payment, requirements): Promise<Settlement> {
      const { network } = requirements;
      const verdict = await offChainChecks(payment, requirements);
      if (!verdict.ok) return { ...verdict, transaction: null, network };
      const { from, to, value, validAfter, validBefore, nonce } = payment.authorization;
      const { r, s, yParity } = parseSignature(payment.signature);
      const target = await chainOfRpc();

      let transaction: Hex;
      try {
        transaction = await oneAtATime(() =>
          writer.writeContract({
            chain: target,
            address: requirements.asset,
            abi: eip3009TokenAbi,
            functionName: 'transferWithAuthorization',
            args: [from, to, value, validAfter, validBefore, nonce, 27 + yParity, r, s],
          }),
        );
      } catch (error) {
        const revert = revertReason(error);
        if (revert === null) throw unavailable('could not submit the transfer', error);
        return { ...refuse(reasonOfRevert(revert), `the token refused the transfer: ${revert}`, from), transaction: null, network };
      }

      const receipt = await reader.waitForTransactionReceipt({ hash: transaction, timeout: receiptTimeoutMs }).catch((error: unknown) => {
        throw unavailable(`transfer ${transaction} was submitted but its receipt did not arrive within ${receiptTimeoutMs} ms; it may still settle`, error);
      });
      if (receipt.status !== 'success') {
        return { ...refuse('settlement_failed', `transfer ${transaction} reverted in block ${receipt.blockNumber}`, from), transaction, network };
      }
      return { ok: true, transaction, network, payer: from, amount: value };
    },

    async supported(): Promise<SupportedKinds> {
      const { id } = await chainOfRpc();
      const v1Network = toV1Network(caip2(id));
      return {
        kinds: [...(v1Network ? [{ x402Version: 1, scheme: 'exact', network: v1Network }] : []), { x402Version: 2, scheme: 'exact', network: caip2(id) }],
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
    if (reverted instanceof ContractFunctionRevertedError) return reverted.reason ?? reverted.shortMessage;
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
];

function reasonOfRevert(revert: string): RefusalReason {
  return REVERTS.find(([pattern]) => pattern.test(revert))?.[1] ?? 'settlement_failed';
}

function unavailable(what: string, cause: unknown): FacilitatorUnavailable {
  const detail = cause instanceof BaseError ? cause.shortMessage : cause instanceof Error ? cause.message : String(cause);
  return new FacilitatorUnavailable(`${what}: ${detail}`, { cause });
}
