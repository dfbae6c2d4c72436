import { createHmac } from 'node:crypto';
import type { DeliverySigner } from '../../schema/webhooks/deliveries';

/**
 * A webhook's (or job's) signing secret, derived from the master key and its id rather than stored: the log
 * and the database never hold a secret, and the worker can recompute it for every attempt.
 */
export function signingSecret(masterKey: string, signer: DeliverySigner): string {
  return `whsec_${createHmac('sha256', masterKey).update(`${signer.kind}:${signer.id}`).digest('base64url')}`;
}
