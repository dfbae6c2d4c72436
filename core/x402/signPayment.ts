import { randomBytes } from 'node:crypto';
import { systemClock } from '../clock/clock';
import { type Address, bytesToHex, type LocalAccount } from 'viem';
import { encodeBase64Json } from './base64Json';
import type { TransferAuthorization } from './decodePayment';
import type { PaymentTerms } from './paymentTerms';
import type { PaymentRequirements } from './requirements';
import { transferTypedData } from './transferAuthorization';
import { toV1Requirements, toV2Requirements, toV2Resource } from './wireRequirements';

export interface SignPaymentOptions {
  /** 2 (default) sends PAYMENT-SIGNATURE, 1 sends X-PAYMENT. */
  readonly x402Version?: 1 | 2;
  /** When it is signed at: the system clock's now when not given. */
  readonly now?: Date;
  /** Fields to sign other than the requirements ask for (a payment that must be refused, say). */
  readonly authorization?: Partial<TransferAuthorization>;
  /** Sign under another token domain than the requirements name. */
  readonly domain?: Partial<Pick<PaymentTerms, 'assetName' | 'assetVersion' | 'chainId' | 'asset'>>;
  /** What the payment claims beside the signature: its network (CAIP-2, or a v1 name for v1), token and scheme. */
  readonly claims?: { readonly network?: string; readonly asset?: Address; readonly scheme?: string };
}

export interface SignedPayment {
  readonly headerName: 'PAYMENT-SIGNATURE' | 'X-PAYMENT';
  readonly header: string;
  readonly payload: Record<string, unknown>;
}

/**
 * The payer's side, the way the official clients do it: authorise exactly the price to the payee,
 * valid from ten minutes ago until maxTimeoutSeconds from now, with a fresh random nonce. For the
 * dev payer, tests and the bench; real payers use their own x402 client.
 */
export async function signPayment(account: LocalAccount, requirements: PaymentRequirements, options: SignPaymentOptions = {}): Promise<SignedPayment> {
  const version = options.x402Version ?? 2;
  const now = BigInt(Math.floor((options.now ?? systemClock.now()).getTime() / 1000));
  const authorization: TransferAuthorization = {
    from: account.address,
    to: requirements.payTo,
    value: requirements.amount,
    validAfter: now - 600n,
    validBefore: now + BigInt(requirements.maxTimeoutSeconds),
    nonce: bytesToHex(randomBytes(32)),
    ...options.authorization,
  };
  const signature = await account.signTypedData(transferTypedData({ ...requirements, ...options.domain }, authorization));
  const evmPayload = {
    signature,
    authorization: {
      from: authorization.from,
      to: authorization.to,
      value: authorization.value.toString(),
      validAfter: authorization.validAfter.toString(),
      validBefore: authorization.validBefore.toString(),
      nonce: authorization.nonce,
    },
  };
  const claims = options.claims ?? {};
  const payload: Record<string, unknown> =
    version === 1
      ? {
          x402Version: 1,
          scheme: claims.scheme ?? 'exact',
          network: claims.network ?? toV1Requirements(requirements)?.network ?? requirements.network,
          payload: evmPayload,
        }
      : {
          x402Version: 2,
          resource: toV2Resource(requirements),
          accepted: {
            ...toV2Requirements(requirements),
            ...(claims.scheme ? { scheme: claims.scheme } : {}),
            ...(claims.network ? { network: claims.network } : {}),
            ...(claims.asset ? { asset: claims.asset } : {}),
          },
          payload: evmPayload,
        };
  return { headerName: version === 1 ? 'X-PAYMENT' : 'PAYMENT-SIGNATURE', header: encodeBase64Json(payload), payload };
}
