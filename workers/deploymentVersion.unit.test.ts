import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../core/config/loadConfig';
import { registeredWorkflowTypes } from '../test/support/workflowHistories';
import { applyVersioningBehaviors, VERSIONING_BEHAVIORS } from '../workflows/versioning';
import { parseRollout, releaseBuildId, workerDeployment } from './deploymentVersion';
import { bundleEntry } from './workflowBundle';

const root = path.resolve(__dirname, '..');
const settings = { workerVersioning: true, workerDeploymentName: 'toolgate', workerBuildId: '', workerVersionRollout: 'immediate' };

describe("the workers' deployment version", () => {
  it('is the release by default: the package version and the git commit', () => {
    const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    expect(releaseBuildId()).toBe(`${version}-${commit}`);
    expect(workerDeployment(settings)).toEqual({
      version: { deploymentName: 'toolgate', buildId: `${version}-${commit}` },
      useWorkerVersioning: true,
      defaultVersioningBehavior: 'AUTO_UPGRADE',
    });
  });

  it('is a digest of the workflow bundle where there is no git (an image)', () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'image-'));
    writeFileSync(path.join(outside, 'package.json'), JSON.stringify({ version: '1.2.3' }));
    const buildId = releaseBuildId({ root: outside, bundleCode: () => 'bundle code' });
    expect(buildId).toMatch(/^1\.2\.3-bundle\.[0-9a-f]{12}$/);
    expect(releaseBuildId({ root: outside, bundleCode: () => 'other code' })).not.toBe(buildId);
    rmSync(outside, { recursive: true });
  });

  it('is WORKER_BUILD_ID when set, none when WORKER_VERSIONING is off (in tests by default)', () => {
    expect(workerDeployment({ ...settings, workerBuildId: 'v42' })?.version).toEqual({ deploymentName: 'toolgate', buildId: 'v42' });
    expect(workerDeployment({ ...settings, workerVersioning: false })).toBeUndefined();
    expect(loadConfig({ APP_ENV: 'test' }).workerVersioning).toBe(false);
    expect(loadConfig({ APP_ENV: 'development' }).workerVersioning).toBe(true);
    expect(() => workerDeployment({ ...settings, workerDeploymentName: ' ' })).toThrow(/WORKER_DEPLOYMENT_NAME/);
  });

  it('refuses a rollout it does not know', () => {
    expect(parseRollout('manual')).toBe('manual');
    expect(() => workerDeployment({ ...settings, workerVersionRollout: 'gradual' })).toThrow(/WORKER_VERSION_ROLLOUT must be immediate or manual/);
  });
});

describe('the versioning behavior of each workflow type (workflows/versioning.ts)', () => {
  it('is chosen for every workflow type the bundle registers', () => {
    const missing = registeredWorkflowTypes().filter((type) => !(type in VERSIONING_BEHAVIORS));
    expect(missing).toEqual([]);
  });

  it('marks each workflow function, and refuses a workflow type without one', () => {
    const toolCall = async () => 'called';
    const webhookDelivery = async () => 'delivered';
    applyVersioningBehaviors({ toolCall, webhookDelivery, SOME_CONSTANT: 3 });
    // A getter, read in the workflow's first task (versioned workers only: test/int/workerVersioning.int.test.ts).
    expect(typeof (toolCall as unknown as { workflowDefinitionOptions: unknown }).workflowDefinitionOptions).toBe('function');
    expect(typeof (webhookDelivery as unknown as { workflowDefinitionOptions: unknown }).workflowDefinitionOptions).toBe('function');
    expect(() => applyVersioningBehaviors({ aNewWorkflow: async () => undefined })).toThrow(/aNewWorkflow: choose PINNED or AUTO_UPGRADE/);
  });

  it('is applied by the bundle entry to every workflow module it exports', () => {
    const entry = bundleEntry(path.join(root, 'workflows'));
    expect(entry).toContain(`from ${JSON.stringify(path.join(root, 'workflows', 'versioning'))}`);
    expect(entry).toMatch(/applyVersioningBehaviors\(\{ \.\.\.workflows0, \.\.\.workflows1/);
  });
});
