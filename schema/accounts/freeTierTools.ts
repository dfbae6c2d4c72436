import { inline } from './accountShapes';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';

/** The free tier as the calling IP stands in it. */
export const freeTierTools = [
  {
    ...inline,
    name: 'free-tier/status',
    title: 'Free tier left',
    path: '/free-tier/status',
    method: 'GET',
    access: 'open',
    summary: 'Free AI calls left today for the calling IP',
    input: object({}),
    output: object(
      {
        ip: { type: 'string' },
        daily_limit: { type: 'integer' },
        used: { type: 'integer' },
        remaining: { type: 'integer' },
        resets_at: { type: 'string' },
        eligible_tools: { type: 'array', items: { type: 'string' } },
        premium_tools: { type: 'array', items: { type: 'string' } },
      },
      ['daily_limit', 'used', 'remaining', 'resets_at'],
    ),
  },
] as const satisfies readonly ToolDraft[];
