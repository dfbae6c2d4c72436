import { condition, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import { markVersioningBehavior } from '../../../workflows/versioning';
import type { VersionSteps } from './steps';

const { step } = proxyActivities<VersionSteps>({ startToCloseTimeout: '10s' });
export const go = defineSignal('go');

/** Release A of a short workflow: PINNED, it finishes on the release it started on, whatever is deployed meanwhile. */
export async function shortCall(): Promise<string> {
  let released = false;
  setHandler(go, () => void (released = true));
  await step('short');
  await condition(() => released);
  return 'finished by release A';
}
markVersioningBehavior(shortCall, 'PINNED');

/** Release A of a long workflow: AUTO_UPGRADE, it moves to the current release at its next task. */
export async function longLoop(): Promise<string[]> {
  let released = false;
  setHandler(go, () => void (released = true));
  const steps = [await step('first')];
  await condition(() => released);
  steps.push(await step('second'), 'release A');
  return steps;
}
markVersioningBehavior(longLoop, 'AUTO_UPGRADE');
