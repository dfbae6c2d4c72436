import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface FileRow {
  file_id: string;
  owner: string;
  agent_id: string | null;
  sha256: string;
  size_bytes: number;
  content_type: string;
  name: string | null;
  created_at: Date;
}

type FileEvent = StoredEventOf<'FileUploaded' | 'FileDeleted'>;

/**
 * The files that exist now. Inline: an upload is readable at once, the owner's storage quota is checked against it,
 * and a delete decides in its own transaction whether the bytes are still named by another file.
 */
export const files: Projection<FileRow> = {
  name: 'files',
  version: 1,
  mode: 'inline',
  table: 'files',
  columns: {
    file_id: 'text',
    owner: 'text',
    agent_id: 'text',
    sha256: 'text',
    size_bytes: 'integer',
    content_type: 'text',
    name: 'text',
    created_at: 'timestamptz',
  },
  key: ['file_id'],
  indexes: [['owner'], ['agent_id'], ['sha256']],
  handles: ['FileUploaded', 'FileDeleted'],
  keysOf: (stored) => [{ file_id: (stored as FileEvent).data.fileId }],
  initial: (key, event) => ({
    file_id: key.file_id as string,
    owner: '',
    agent_id: null,
    sha256: '',
    size_bytes: 0,
    content_type: 'application/octet-stream',
    name: null,
    created_at: event.recordedAt,
  }),
  evolve(row, stored) {
    const event = stored as FileEvent;
    if (event.type === 'FileDeleted') return null;
    const d = event.data;
    return { ...row, owner: d.owner, agent_id: d.agentId, sha256: d.sha256, size_bytes: d.sizeBytes, content_type: d.contentType, name: d.name };
  },
};
