import { fileUrlKey, signFileUrl } from '../../core/files/fileUrls';
import type { FileRow } from '../../core/files/filesProjection';
import type { Config } from '../../schema/config';

/** A file as the API shows it to its owner: the owner-only URL, and a signed one good for `ttlSeconds`. */
export function fileView(file: FileRow, config: Config, now: Date, ttlSeconds: number): Record<string, unknown> {
  const url = `${config.publicBaseUrl}/files/${file.file_id}`;
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  const { expires, signature } = signFileUrl(fileUrlKey(config), file.file_id, expiresAt);
  return {
    file_id: file.file_id,
    url,
    signed_url: `${url}?expires=${expires}&signature=${signature}`,
    url_expires_at: new Date(expires * 1000).toISOString(),
    size: file.size_bytes,
    content_type: file.content_type,
    sha256: file.sha256,
    name: file.name,
    agent_id: file.agent_id,
    created_at: new Date(file.created_at).toISOString(),
  };
}
