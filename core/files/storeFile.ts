import { randomBytes, createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import type { EventStore, EventStoreTransaction } from '../eventStore';
import { findOwnedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import type { FileRow } from './filesProjection';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { sniffContentType } from './sniffContentType';

export type StoreFileOutcome =
  | { readonly kind: 'stored'; readonly file: FileRow }
  | { readonly kind: 'no-such-agent' }
  | { readonly kind: 'over-quota'; readonly usedBytes: number; readonly quotaBytes: number };

/** Serialises uploads and deletes of the same bytes, so a delete never drops a blob an upload is about to name. */
export async function lockBlob(tx: EventStoreTransaction, sha256: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`file-blob:${sha256}`}, 0))`.execute(tx.trx);
}

/**
 * Stores an upload: its bytes once per SHA-256 (file_blobs), a FileUploaded event with only the id, hash and size,
 * the type taken from the bytes. The owner's quota and the agent's ownership are checked in the same transaction.
 */
export async function storeFile(
  store: EventStore,
  input: { owner: Owner; agentId: string | null; bytes: Buffer; name: string | null; quotaBytes: number },
): Promise<StoreFileOutcome> {
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const contentType = sniffContentType(input.bytes);
  return store.transaction(async (tx) => {
    if (input.agentId && !(await findOwnedNetworkAgent(tx.trx, input.agentId, input.owner))) return { kind: 'no-such-agent' } as const;
    // One owner's uploads queue behind each other, so two at once cannot both slip under the quota.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`file-owner:${input.owner}`}, 0))`.execute(tx.trx);
    const used = await tx.trx
      .withSchema(LIVE_SCHEMA)
      .selectFrom('files')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('total'))
      .where('owner', '=', input.owner)
      .executeTakeFirstOrThrow();
    const usedBytes = Number(used.total);
    if (usedBytes + input.bytes.length > input.quotaBytes) return { kind: 'over-quota', usedBytes, quotaBytes: input.quotaBytes } as const;

    await lockBlob(tx, sha256);
    await tx.trx
      .insertInto('file_blobs')
      .values({ sha256, bytes: input.bytes, size_bytes: input.bytes.length })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
    const fileId = `fil_${randomBytes(10).toString('hex')}`;
    const uploaded = { fileId, owner: input.owner, agentId: input.agentId, sha256, sizeBytes: input.bytes.length, contentType, name: input.name };
    const [stored] = (await tx.append(streams.file(fileId), [event('FileUploaded', uploaded)], { expectedVersion: 'no_stream' })).events;
    const file: FileRow = {
      file_id: fileId,
      owner: input.owner,
      agent_id: input.agentId,
      sha256,
      size_bytes: input.bytes.length,
      content_type: contentType,
      name: input.name,
      created_at: stored!.recordedAt,
    };
    return { kind: 'stored', file } as const;
  });
}
