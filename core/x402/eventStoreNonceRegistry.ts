import { event, streams } from '../../schema/events';
import { readStream, StreamVersionConflict, type EventStore } from '../eventStore';
import type { NonceRegistry } from './';

/**
 * Nonces claimed in the event log: one stream a nonce, created once, so a replayed payment is refused across
 * restarts and API replicas. The same call presenting its own payment again (a retried request) is not a replay.
 */
export function eventStoreNonceRegistry(store: EventStore, claim: { callId: string; requestId: string }): NonceRegistry {
  return {
    async claim(nonce, payer) {
      const stream = streams.x402Nonce(nonce);
      try {
        await store.append(stream, [event('PaymentNonceClaimed', { nonce: nonce.toLowerCase(), payer: payer.toLowerCase(), callId: claim.callId })], {
          expectedVersion: 'no_stream',
          metadata: { requestId: claim.requestId, actor: `wallet:${payer.toLowerCase()}` },
        });
        return true;
      } catch (error) {
        if (!(error instanceof StreamVersionConflict)) throw error;
        const [first] = await readStream(store.db, stream);
        return first?.type === 'PaymentNonceClaimed' && first.data.callId === claim.callId;
      }
    },
  };
}
