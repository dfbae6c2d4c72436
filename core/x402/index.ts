/**
 * x402: USDC payments per call. Build the requirements for a price, show them in a 402 (three
 * views), decode the payment a retry carries, verify it, settle it through a facilitator, and
 * hand back the receipt header.
 */
export { paymentTerms, paymentTermsFromConfig, InvalidPaymentTerms, type PaymentTerms } from './paymentTerms';
export { buildRequirements, type PaymentRequirements, type PricedResource } from './requirements';
export {
  PAYMENT_REQUIRED_HEADER,
  paymentRequiredHeader,
  specX402Block,
  v1PaymentRequiredFields,
  v2PaymentRequired,
  type SpecX402Block,
  type V1PaymentRequiredFields,
  type V2PaymentRequired,
} from './paymentRequiredViews';
export { toV1Requirements, toV2Requirements, requirementsFromWire, InvalidRequirements } from './wireRequirements';
export {
  decodePaymentHeaders,
  decodePaymentPayload,
  UndecodablePayment,
  PAYMENT_SIGNATURE_HEADER,
  X_PAYMENT_HEADER,
  type Payment,
  type TransferAuthorization,
} from './decodePayment';
export { checkAuthorization, DEFAULT_EXPIRY_MARGIN_SECONDS, type CheckOptions } from './checkAuthorization';
export { verifyPayment, type VerifyOptions } from './verifyPayment';
export type { NonceRegistry } from './nonceRegistry';
export { refuse, toStandardCode, fromStandardCode, type Approval, type Refusal, type RefusalReason, type Verdict } from './refusal';
export { FacilitatorUnavailable, type Facilitator, type Settled, type Settlement, type SettlementRefused, type SupportedKinds } from './facilitator';
export { createRemoteFacilitator, type RemoteFacilitatorOptions } from './remoteFacilitator';
export { createSelfHostedFacilitator, type SelfHostedFacilitator, type SelfHostedFacilitatorOptions } from './selfHostedFacilitator';
export { facilitatorFromConfig, FacilitatorNotConfigured } from './configuredFacilitator';
export { facilitatorRouter, type FacilitatorRouterOptions } from './facilitatorRouter';
export { receiptHeader, settlementReceipt, decodeReceiptHeader, RECEIPT_HEADERS, type SettlementReceipt } from './settlementReceipt';
export { caip2, chainIdOf, fromV1Network, toV1Network, type Caip2Network } from './network';
export { TRANSFER_WITH_AUTHORIZATION_TYPES, tokenDomain, transferTypedData, recoverAuthorizer } from './transferAuthorization';
export { eip3009TokenAbi } from './tokenAbi';
export { signPayment, type SignedPayment, type SignPaymentOptions } from './signPayment';
export { devChainPath, readDevChain, writeDevChain, DEV_CHAIN_FILE, type DevChain } from './devChainFile';
export { deployDevUsdc, mintDevUsdc, devUsdcArtifact } from './devUsdc';
