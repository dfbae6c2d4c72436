import { type Address, getAddress, type Hex, isAddress, isHex } from 'viem';
import type { Payment } from './decodePayment';
import { type Facilitator, FacilitatorUnavailable, type Settlement, type SupportedKinds } from './facilitator';
import { fromV1Network } from './network';
import { fromStandardCode, refuse, type Verdict } from './refusal';
import type { PaymentRequirements } from './requirements';
import { toV1Requirements, toV2Requirements } from './wireRequirements';

export interface RemoteFacilitatorOptions {
  /** Base URL; /verify, /settle and /supported are appended. */
  readonly url: string;
  /** Sent as `Authorization: Bearer …` when set. */
  readonly bearerToken?: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof globalThis.fetch;
}

/**
 * A client of the x402 facilitator HTTP API. The payer's payload goes out exactly as it came in,
 * with our requirements in the same version's form, so any x402 facilitator can check the signature.
 */
export function createRemoteFacilitator(options: RemoteFacilitatorOptions): Facilitator {
  const base = options.url.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; data: Record<string, unknown> }> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.bearerToken) headers.Authorization = `Bearer ${options.bearerToken}`;
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new FacilitatorUnavailable(`facilitator ${base}${path} could not be reached: ${(error as Error).message}`, { cause: error });
    }
    const text = await response.text();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new FacilitatorUnavailable(`facilitator ${base}${path} answered ${response.status} without JSON: ${text.slice(0, 200)}`);
    }
    if (typeof data !== 'object' || data === null)
      throw new FacilitatorUnavailable(`facilitator ${base}${path} answered ${response.status} with ${text.slice(0, 200)}`);
    return { status: response.status, data: data as Record<string, unknown> };
  };

  const request = (payment: Payment, requirements: PaymentRequirements) => ({
    x402Version: payment.x402Version,
    paymentPayload: payment.wire,
    paymentRequirements: (payment.x402Version === 1 && toV1Requirements(requirements)) || toV2Requirements(requirements),
  });

  return {
    async verify(payment, requirements): Promise<Verdict> {
      const { status, data } = await call('POST', '/verify', request(payment, requirements));
      if (typeof data.isValid !== 'boolean') throw new FacilitatorUnavailable(`facilitator /verify answered ${status} without isValid`);
      const payer = addressOr(data.payer, payment.payer);
      if (!data.isValid)
        return refuse(
          fromStandardCode(stringOr(data.invalidReason)),
          stringOr(data.invalidMessage) ?? `the facilitator refused the payment (${stringOr(data.invalidReason) ?? 'no reason given'})`,
          payer,
        );
      return { ok: true, payer, amount: payment.maxAmount };
    },

    async settle(payment, requirements): Promise<Settlement> {
      const { status, data } = await call('POST', '/settle', request(payment, requirements));
      if (typeof data.success !== 'boolean') throw new FacilitatorUnavailable(`facilitator /settle answered ${status} without success`);
      const payer = addressOr(data.payer, payment.payer);
      const network = typeof data.network === 'string' ? fromV1Network(data.network) : requirements.network;
      const transaction = typeof data.transaction === 'string' && isHex(data.transaction) && data.transaction.length === 66 ? (data.transaction as Hex) : null;
      if (!data.success || transaction === null) {
        const reason = fromStandardCode(stringOr(data.errorReason), 'settlement_failed');
        const message = stringOr(data.errorMessage) ?? `the facilitator could not settle the payment (${stringOr(data.errorReason) ?? 'no transaction'})`;
        return { ...refuse(reason, message, payer), transaction, network };
      }
      // upto moves what the requirements ask (the actual cost), exact the whole authorisation.
      return { ok: true, transaction, network, payer, amount: payment.kind === 'permit2' ? requirements.amount : payment.maxAmount };
    },

    async supported(): Promise<SupportedKinds> {
      const { status, data } = await call('GET', '/supported');
      if (!Array.isArray(data.kinds)) throw new FacilitatorUnavailable(`facilitator /supported answered ${status} without kinds`);
      return {
        kinds: data.kinds as SupportedKinds['kinds'],
        extensions: Array.isArray(data.extensions) ? (data.extensions as string[]) : [],
        signers: typeof data.signers === 'object' && data.signers !== null ? (data.signers as SupportedKinds['signers']) : {},
      };
    },
  };
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function addressOr(value: unknown, fallback: Address): Address {
  return typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value) : fallback;
}
