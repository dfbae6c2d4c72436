import { privateKeyToAccount } from 'viem/accounts';
import { buildRequirements, createSelfHostedFacilitator, decodePaymentHeaders, type Payment, signPayment, verifyPayment } from '../../core/x402';
import { memoryNonceRegistry } from '../support/memoryNonceRegistry';
import { micros } from '../../schema/money';
import { startLocalChain } from '../support/localChain';

export interface LatencySummary {
  readonly samples: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface X402BenchResult {
  /** Decoding the header, checking the signature and terms, claiming the nonce: what every paid call adds before it runs. */
  readonly verification: LatencySummary;
  /** The self-hosted facilitator's chain reads (nonce unused, balance enough). */
  readonly chainVerification: LatencySummary;
  /** transferWithAuthorization submitted and its receipt back, on the local chain (instant mining: a floor, not Base's 2 s blocks). */
  readonly settlement: LatencySummary;
}

/**
 * Times what x402 adds to a paid call, on a local ganache started for the purpose: payments are
 * signed beforehand (the client's cost, not ours), then verified and settled one after another.
 */
export async function benchX402(options: { payments?: number; say?: (line: string) => void } = {}): Promise<X402BenchResult> {
  const count = options.payments ?? 100;
  const say = options.say ?? (() => undefined);
  say(`x402 bench: starting a local chain, ${count} payments`);
  const local = await startLocalChain();
  try {
    const facilitator = createSelfHostedFacilitator({ rpcUrl: local.chain.rpcUrl, privateKey: local.chain.facilitatorPrivateKey, pollingIntervalMs: 50 });
    const requirements = buildRequirements(local.terms, { price: micros(1000), resource: 'http://bench.local/sentiment', description: 'bench' });
    const payer = privateKeyToAccount(local.chain.payerPrivateKey);
    const headers = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const signed = await signPayment(payer, requirements, { x402Version: i % 2 === 0 ? 2 : 1 });
        return { [signed.headerName.toLowerCase()]: signed.header };
      }),
    );
    const nonces = memoryNonceRegistry();

    const payments: Payment[] = [];
    const verification = await timeEach(headers, async (header) => {
      const payment = decodePaymentHeaders(header) as Payment;
      const verdict = await verifyPayment(payment, requirements, { nonces, now: new Date() });
      if (!verdict.ok) throw new Error(`bench payment refused: ${verdict.message}`);
      payments.push(payment);
    });
    const chainVerification = await timeEach(payments, async (payment) => {
      const verdict = await facilitator.verify(payment, requirements);
      if (!verdict.ok) throw new Error(`bench payment refused by the chain: ${verdict.message}`);
    });
    const settlement = await timeEach(payments, async (payment) => {
      const settled = await facilitator.settle(payment, requirements);
      if (!settled.ok) throw new Error(`bench payment not settled: ${settled.message}`);
    });
    const result = { verification, chainVerification, settlement };
    for (const [name, summary] of Object.entries(result)) say(`x402 ${name}: p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms (n=${summary.samples})`);
    return result;
  } finally {
    await local.stop();
  }
}

async function timeEach<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<LatencySummary> {
  const durations: number[] = [];
  for (const item of items) {
    const started = process.hrtime.bigint();
    await work(item);
    durations.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  durations.sort((a, b) => a - b);
  const at = (q: number) => round(durations[Math.min(durations.length - 1, Math.ceil(q * durations.length) - 1)] ?? 0);
  return { samples: durations.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: round(durations[durations.length - 1] ?? 0) };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
