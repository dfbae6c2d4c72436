import type { Setting } from '../settings/setting';

/** Settings of files: sizes, quotas, signed links (schema/config.ts gathers the groups). */
export const fileSettings = {
  fileMaxBytes: {
    env: 'FILE_MAX_BYTES',
    kind: 'int',
    default: '10485760',
    doc: 'Largest file POST /files/upload stores (decoded bytes, multipart or base64); above it 413 naming the limit, and nothing is stored.',
  },
  fileQuotaBytes: {
    env: 'FILE_QUOTA_BYTES',
    kind: 'int',
    default: '104857600',
    doc: "Most bytes of files one owner (a key's account or a wallet) may keep; uploads are free, so this bounds what storage costs.",
  },
  fileUrlSigningKey: {
    env: 'FILE_URL_SIGNING_KEY',
    kind: 'string',
    default: '',
    doc: 'Master key signed file URLs are made with (HMAC-SHA256 over the file id and the expiry); unset, a key derived from WEBHOOK_SIGNING_KEY. Changing it voids every signed URL.',
  },
  fileUrlTtlSeconds: {
    env: 'FILE_URL_TTL_SECONDS',
    kind: 'int',
    default: '3600',
    doc: 'How long a signed file URL works when the upload asks for no other lifetime.',
  },
} as const satisfies Record<string, Setting>;
