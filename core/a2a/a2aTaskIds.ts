import { createHash } from 'node:crypto';
import type { A2ATaskOwner } from '../../schema/a2a/a2aEvents';

/**
 * A task's id, derived from who sent the message, by which endpoint, and its message id (which A2A clients make unique):
 * the same message sent again finds its first task instead of opening (and paying for) a second, and no other sender's
 * message can land on it. Shaped as a UUID (version 8: made from a hash), as A2A clients expect task ids to look.
 */
export function a2aTaskId(owner: A2ATaskOwner, endpoint: string, messageId: string): string {
  return hashUuid(`task\n${owner}\n${endpoint}\n${messageId}`);
}

/** The context of a task whose message named none: its own, derived the same way. */
export function a2aContextId(taskId: string): string {
  return hashUuid(`context\n${taskId}`);
}

function hashUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
