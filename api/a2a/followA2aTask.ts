import { readA2aTask, type A2ATaskView } from '../../core/a2a/a2aTaskView';
import { TERMINAL_STATES } from '../../schema/a2a/protocol';
import type { AppDeps } from '../deps';
import type { CallStreamHub } from '../callStreams/callStreamHub';

/** How often a follower reads the log again without a notice: notices are best effort, so a lost one costs this much delay. */
const RECHECK_MS = 5_000;

/** Whether the task has nothing more to do until someone acts: it ended, or it waits for a payment. */
export function isSettled(view: A2ATaskView): boolean {
  return TERMINAL_STATES.includes(view.state) || view.state === 'input-required';
}

/**
 * The task's views as it changes, each read from the log, until it is settled, `signal` aborts or `timeoutMs` passes.
 * Its job's changes are noticed on the job's call channel (core/jobs/noticeJobChanged.ts), which this API instance
 * LISTENs to through the hub while it follows; any replica can follow any task.
 */
export async function* followA2aTask(
  deps: AppDeps,
  hub: CallStreamHub,
  from: A2ATaskView,
  options: { readonly signal?: AbortSignal; readonly timeoutMs?: number } = {},
): AsyncGenerator<A2ATaskView, void, undefined> {
  if (isSettled(from) || !from.jobId) return;
  const now = () => deps.clock.now().getTime();
  const deadline = options.timeoutMs === undefined ? Infinity : now() + options.timeoutMs;
  let noticed = false;
  let wake = () => {};
  const notice = () => {
    noticed = true;
    wake();
  };
  options.signal?.addEventListener('abort', notice);
  // Listening first, then reading: a change after the read is noticed, one before it is in what was read.
  const unsubscribe = await hub.subscribe(`job-${from.jobId}`, notice);
  let last = from;
  try {
    while (!options.signal?.aborted) {
      const view = await readA2aTask(deps.store.db, from.taskId);
      if (view && (view.state !== last.state || view.payment?.status !== last.payment?.status)) {
        last = view;
        yield view;
      }
      if (isSettled(last) || now() >= deadline) return;
      if (!noticed) await nextWake(Math.min(RECHECK_MS, deadline - now()), (resolve) => (wake = resolve));
      noticed = false;
    }
  } finally {
    options.signal?.removeEventListener('abort', notice);
    await unsubscribe();
  }
}

function nextWake(ms: number, onWake: (resolve: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    onWake(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
