/** POST /webhooks/:id/receive, where outside services call with whatever credentials they carry. */
export function isRelayReceivePath(path: string): boolean {
  return /^\/webhooks\/[^/]+\/receive$/.test(path);
}
