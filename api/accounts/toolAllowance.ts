import { isToolAllowed } from '../../core/accounts/allowedTools';
import type { ToolEntry } from '../../schema/registry/types';
import type { Caller } from '../deps';
import { Forbidden } from '../errors/httpErrors';

/**
 * A key limited to some tools (its allowed_tools) calling another: 403 before anything is held or run. The account's
 * own endpoints (usage, status, its keys) stay open to every key of it, limited or not.
 */
export function refuseDisallowedTool(caller: Caller | undefined, entry: Pick<ToolEntry, 'category' | 'family' | 'path' | 'name'>, docs: string): void {
  if (caller?.kind !== 'key' || entry.category === 'account') return;
  const allowed = caller.grants.allowedTools;
  if (isToolAllowed(allowed, entry)) return;
  throw new Forbidden(
    `this key may not call ${entry.path}: its allowed_tools are ${allowed!.join(', ')}`,
    'Use a key allowed this tool, or have a key that manages keys widen this one’s allowed_tools.',
    docs,
    {
      allowed_tools: allowed,
    },
  ).withCode('tool_not_allowed');
}
