import type { CoreFeature } from '../features';
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
export const feature: CoreFeature = { projections: [files] };
