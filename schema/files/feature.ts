import { schemaFeature } from '../schemaFeature';
import { fileSettings } from './fileSettings';
import { fileTools } from './fileTools';
import type { FileEvents } from './fileEvents';

/** Uploaded files (file-<fileId>). */
export const feature = schemaFeature<FileEvents>()({
  tools: fileTools,
  streams: {
    file: (fileId: string) => `file-${fileId}`,
  },
  settings: { title: 'Files: sizes, quotas, signed links', settings: fileSettings },
});
