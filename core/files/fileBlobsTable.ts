import type { Generated } from 'kysely';

/** An uploaded file's bytes, by their SHA-256 (core/db/migrations/0080_file_blobs.ts). */
export interface FileBlobsTable {
  sha256: string;
  bytes: Buffer;
  size_bytes: number;
  created_at: Generated<Date>;
}
