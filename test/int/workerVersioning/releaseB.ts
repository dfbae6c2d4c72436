import { condition, defineSignal, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import { markVersioningBehavior } from '../../../workflows/versioning';
import type { VersionSteps } from './steps';

const { step } = proxyActivities<VersionSteps>({ startToCloseTimeout: '10s' });
export const go = defineSignal('go');

/** Release B of the short workflow: only workflows started on B run it. */
export async function shortCall(): Promise<string> {
  let released = false;
  setHandler(go, () => void (released = true));
  await step('short');
  await condition(() => released);
  return 'finished by release B';
}
markVersioningBehavior(shortCall, 'PINNED');

/**
 * Release B of the long workflow: a step added before the first, behind patched(). A workflow A started replays its
 * history here without the patch's marker (patched() is false), so it goes on where it was; a new one takes the step.
 */
export async function longLoop(): Promise<string[]> {
  let released = false;
  setHandler(go, () => void (released = true));
  const steps: string[] = [];
  if (patched('stamp-before-first')) steps.push(await step('stamp'));
  steps.push(await step('first'));
  await condition(() => released);
  steps.push(await step('second'), 'release B');
  return steps;
}
markVersioningBehavior(longLoop, 'AUTO_UPGRADE');
