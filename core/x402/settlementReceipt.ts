import { decodeBase64Json, encodeBase64Json } from './base64Json';
import type { Settlement } from './facilitator';
import { toStandardCode } from './refusal';
import { toV1Network } from './network';

/** The x402 SettleResponse a paying client reads from the response headers. */
export interface SettlementReceipt {
  success: boolean;
  transaction: string;
  network: string;
  payer: string;
  errorReason?: string;
  errorMessage?: string;
}

/** v2 clients read `PAYMENT-RESPONSE`, v1 clients `X-PAYMENT-RESPONSE`; each gets its own version's network name. */
export const RECEIPT_HEADERS = { 1: 'X-PAYMENT-RESPONSE', 2: 'PAYMENT-RESPONSE' } as const;

export function settlementReceipt(settlement: Settlement, x402Version: 1 | 2): SettlementReceipt {
  const network = x402Version === 1 ? (toV1Network(settlement.network) ?? settlement.network) : settlement.network;
  if (settlement.ok) return { success: true, transaction: settlement.transaction, network, payer: settlement.payer };
  return {
    success: false,
    transaction: settlement.transaction ?? '',
    network,
    payer: settlement.payer ?? '',
    errorReason: toStandardCode(settlement.reason),
    errorMessage: settlement.message,
  };
}

/** The header to set on the response, named for the version the client paid with. */
export function receiptHeader(settlement: Settlement, x402Version: 1 | 2): Record<string, string> {
  return { [RECEIPT_HEADERS[x402Version]]: encodeBase64Json(settlementReceipt(settlement, x402Version)) };
}

export function decodeReceiptHeader(value: string): SettlementReceipt {
  return decodeBase64Json(value) as SettlementReceipt;
}
