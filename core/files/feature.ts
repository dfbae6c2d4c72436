import type { CoreFeature } from '../features';
import * as fileBlobs from './migrations/0080_file_blobs';
import { files, type FileRow } from './filesProjection';
import type { FileBlobsTable } from './fileBlobsTable';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    files: FileRow;
    file_blobs: FileBlobsTable;
  }
}

/** Uploaded files (their bytes: file_blobs). */
export const feature: CoreFeature = { migrations: { '0080_file_blobs': fileBlobs }, projections: [files] };
