import type { Setting } from '../settings/setting';

/** Settings of the code sandbox (schema/config.ts gathers the groups). */
export const codeSettings = {
  codeRunPython: {
    env: 'CODE_RUN_PYTHON',
    kind: 'string',
    default: '/usr/bin/python3',
    doc: "Python that /code/run runs. It must live under /usr: the sandbox's file system is /usr (read-only) and a scratch folder, nothing else.",
  },
  codeRunMaxSeconds: {
    env: 'CODE_RUN_MAX_SECONDS',
    kind: 'int',
    default: '10',
    doc: 'Longest wall-clock time a /code/run program may take (callers may ask for less).',
  },
  codeRunMemoryMb: {
    env: 'CODE_RUN_MEMORY_MB',
    kind: 'int',
    default: '256',
    doc: 'Memory of a /code/run program (its processes together, and each one’s address space).',
  },
} as const satisfies Record<string, Setting>;
