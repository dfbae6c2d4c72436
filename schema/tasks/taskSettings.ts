import type { Setting } from '../settings/setting';

/** The task board's settings. */
export const taskSettings = {
  taskClaimSeconds: {
    env: 'TASK_CLAIM_SECONDS',
    kind: 'int',
    default: '3600',
    doc: 'How long a claim on a task holds; then a durable timer opens the task again for others.',
  },
} as const satisfies Record<string, Setting>;
