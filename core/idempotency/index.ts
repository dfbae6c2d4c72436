/**
 * Idempotency keys (X-Request-Id or Idempotency-Key, as the caller sent them): the first answer to each, kept for at
 * least the window and replayed to a repeat of the same request (api/idempotency/ applies it to every route that
 * changes state).
 */
export { type AnswerKey, answerKeyOf, type KeptAnswer } from './answerCipher';
export { CLAIM_LEASE_SECONDS, type Claim, claimKey } from './claimKey';
export { type ClaimOwner, holdClaimOwner } from './claimOwner';
export { type Kept, type Keeping, keepAnswer } from './keepAnswer';
export { releaseKey } from './releaseKey';
export { scopedCallId } from './scopedCallId';
export { purgeAnswers } from './purgeAnswers';

export { ANSWER_WINDOW_HOURS } from './answerWindow';
