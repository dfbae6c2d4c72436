import { randomBytes } from 'node:crypto';
import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';

/** A new inbound relay. Its id is the only thing guarding its receiving URL, so it is 128 random bits. */
export async function createRelay(store: EventStore, request: { accountId: string; requestId: string; ip: string }): Promise<string> {
  const relayId = `rly_${randomBytes(16).toString('base64url')}`;
  await store.append(streams.relay(relayId), [event('RelayCreated', { relayId, accountId: request.accountId })], {
    expectedVersion: 'no_stream',
    metadata: { requestId: request.requestId, ip: request.ip, actor: `key:${request.accountId}` },
  });
  return relayId;
}
