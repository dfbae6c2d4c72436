import { micros } from '../money';
import { agentIdField, limitField, timestamp } from '../registry/agentFields';
import { object } from '../registry/fields';
import type { JsonSchema, ToolDraft } from '../registry/types';

const str = { type: 'string' } as const;
const fileIdField = { type: 'string', pattern: '^fil_[0-9a-f]{20}$', description: 'A file id (from POST /files/upload).' } as const satisfies JsonSchema;
/** What every answer says of a file; `signed_url` lets anyone read it until `url_expires_at`. */
const fileRecord = object(
  {
    file_id: str,
    url: { type: 'string', description: 'Owner-only address of the bytes (send your key or session).' },
    signed_url: { type: 'string', description: 'Address anyone may read until url_expires_at.' },
    url_expires_at: timestamp,
    size: { type: 'integer' },
    content_type: { type: 'string', description: 'Taken from the bytes, not from what the client said.' },
    sha256: str,
    name: { type: ['string', 'null'] },
    agent_id: { type: ['string', 'null'] },
    created_at: timestamp,
  },
  ['file_id', 'url', 'size', 'content_type', 'sha256'],
);
/**
 * The media types a stored file is served with: what core/files/sniffContentType.ts reads from its bytes (a known
 * magic number, else text told apart by its start, else application/octet-stream); text is served as UTF-8.
 */
export const STORED_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/tiff',
  'image/x-icon',
  'image/avif',
  'image/heic',
  'image/svg+xml',
  'audio/wav',
  'audio/mpeg',
  'audio/ogg',
  'audio/flac',
  'video/quicktime',
  'video/mp4',
  'video/webm',
  'application/pdf',
  'application/zip',
  'application/gzip',
  'application/x-bzip2',
  'application/x-7z-compressed',
  'application/x-xz',
  'application/x-tar',
  'application/wasm',
  'application/vnd.sqlite3',
  'font/woff2',
  'font/woff',
  'application/xml',
  'application/json',
  'text/html',
  'text/plain',
  'application/octet-stream',
] as const;
export type StoredFileType = (typeof STORED_FILE_TYPES)[number];

/** Inline endpoints for the owner: uploads are free (no tool input: the bytes never enter a workflow); FILE_QUOTA_BYTES bounds storage. */
const ownerOnly = { price: micros(0), premium: false, freeTier: false, execution: 'inline', model: 'none', category: 'agents', access: 'identity' } as const;

/** Files: uploaded by a key or a wallet session, stored once per SHA-256, served to the owner or through signed URLs. */
export const fileTools = [
  {
    ...ownerOnly,
    method: 'POST',
    name: 'files/upload',
    title: 'Upload a file',
    errorStatuses: [404],
    path: '/files/upload',
    summary: 'Upload a file (multipart/form-data, or JSON with content_base64; at most FILE_MAX_BYTES, 10 MB by default)',
    body: 'file',
    input: object({
      content_base64: {
        type: 'string',
        contentEncoding: 'base64',
        description: 'The bytes, base64 (JSON bodies); or send multipart/form-data with a file part.',
      },
      filename: { type: 'string', minLength: 1, maxLength: 255 },
      agent_id: { ...agentIdField, description: 'Attach the file to one of your agents (listed at GET /files/list/{agent_id}).' },
      url_ttl_seconds: { type: 'integer', minimum: 1, maximum: 604_800, description: 'How long the signed URL works (default FILE_URL_TTL_SECONDS).' },
    }),
    aliases: { name: 'filename', data: 'content_base64', content: 'content_base64' },
    output: fileRecord,
    example: { content_base64: 'aGVsbG8sIHdvcmxkCg==', filename: 'hello.txt' },
  },
  {
    ...ownerOnly,
    access: 'open',
    method: 'GET',
    name: 'files/get',
    title: 'Download a file',
    path: '/files/:file_id',
    summary: 'The raw bytes of a file, with their type: for its owner, or for anyone holding an unexpired signed URL',
    input: object({ file_id: fileIdField, expires: { type: 'integer', minimum: 0 }, signature: { type: 'string', maxLength: 128 } }, ['file_id']),
    output: { type: 'string', contentMediaType: 'application/octet-stream' },
    contentTypes: STORED_FILE_TYPES,
  },
  {
    ...ownerOnly,
    method: 'GET',
    name: 'files/list',
    title: "An agent's files",
    path: '/files/list/:agent_id',
    summary: 'The files attached to one of your agents, newest first, each with a fresh signed URL',
    input: object({ agent_id: agentIdField, limit: limitField }, ['agent_id']),
    output: object({ agent_id: str, files: { type: 'array', items: fileRecord }, count: { type: 'integer' } }, ['files']),
  },
  {
    ...ownerOnly,
    method: 'DELETE',
    name: 'files/delete',
    title: 'Delete a file',
    path: '/files/:file_id',
    summary: 'Delete one of your files; its bytes go when no other file has the same content',
    input: object({ file_id: fileIdField }, ['file_id']),
    output: object({ file_id: str, deleted: { type: 'boolean' } }, ['file_id', 'deleted']),
  },
] as const satisfies readonly ToolDraft[];
