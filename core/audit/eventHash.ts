import { createHash } from 'node:crypto';
import { canonicalJson } from './canonicalJson';

/**
 * What binds one event into the log (docs/audit.md, "An event's leaf"). Pure: the verifier uses it with no database.
 *
 *   body      = SHA-256( JCS({ "data": data, "metadata": metadata }) )                       (hex, lower case)
 *   leaf      = JCS({ "body": body, "position": position, "recorded_at": recordedAt, "stream": stream,
 *                     "type": type, "version": version })
 *   leaf hash = SHA-256( 0x00 || UTF-8(leaf) )                                                (RFC 9162 leaf)
 *
 * `recordedAt` is the event's time in UTC with microseconds: `2026-11-29T08:37:18.123456Z`. The appender computes the
 * body (core/eventStore/appendToStreams.ts); the events table's trigger computes the leaf hash in the same statement
 * (migration 0230), from the position and time PostgreSQL assigns.
 */
export interface LeafFields {
  readonly position: number;
  readonly stream: string;
  readonly version: number;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly recordedAt: string;
}

export function sha256(bytes: string | Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/** The body hash from the canonical texts of data and metadata (the appender canonicalises metadata once a stream). */
export function bodyHashOfCanonical(dataJson: string, metadataJson: string): string {
  return createHash('sha256').update(`{"data":${dataJson},"metadata":${metadataJson}}`).digest('hex');
}

export function bodyHash(data: unknown, metadata: unknown): string {
  return bodyHashOfCanonical(canonicalJson(data), canonicalJson(metadata));
}

/** The leaf's canonical text (before hashing). */
export function leafText(event: LeafFields): string {
  return canonicalJson({
    body: bodyHash(event.data, event.metadata),
    position: event.position,
    recorded_at: event.recordedAt,
    stream: event.stream,
    type: event.type,
    version: event.version,
  });
}

export function leafHash(event: LeafFields): Buffer {
  return createHash('sha256')
    .update(Buffer.from([0]))
    .update(leafText(event))
    .digest();
}
