import { existsSync } from 'node:fs';
import path from 'node:path';
import { toolsDir } from './paths';
import { capture, commandExists, run, type Say } from './processes';

/** Pinned: a new release may add checks or change generation, and CI must not change under us. */
export const SCHEMATHESIS_VERSION = '4.32.5';

export interface Schemathesis {
  readonly python: string;
  /** The `st` entry script; run as `python st …` with PYTHONPATH set to `pythonPath`. */
  readonly entry: string;
  readonly pythonPath: string;
}

const target = path.join(toolsDir, 'schemathesis');

function python(): string {
  const found = ['python3', 'python'].find(commandExists);
  if (!found) throw new Error('python3 is needed to run schemathesis (PyPI)');
  return found;
}

function installed(): Schemathesis | null {
  const entry = path.join(target, 'bin', 'st');
  if (!existsSync(entry)) return null;
  const tool = { python: python(), entry, pythonPath: target };
  const version = capture(tool.python, [entry, '--version'], { env: { ...process.env, PYTHONPATH: target } });
  return version.ok && version.out.includes(SCHEMATHESIS_VERSION) ? tool : null;
}

/** schemathesis from PyPI in .tools/schemathesis (like the Temporal CLI), installed on first use. */
export function ensureSchemathesis(say: Say): Schemathesis {
  const found = installed();
  if (found) return found;
  say(`installing schemathesis ${SCHEMATHESIS_VERSION} from PyPI into .tools/schemathesis`);
  const py = python();
  if (!capture(py, ['-m', 'pip', '--version']).ok) throw new Error(`${py} has no pip: install python3-pip`);
  run(
    py,
    [
      '-m',
      'pip',
      'install',
      '--disable-pip-version-check',
      '--no-warn-script-location',
      '--upgrade',
      '--target',
      target,
      `schemathesis==${SCHEMATHESIS_VERSION}`,
    ],
    say,
    { env: { ...process.env, PIP_ROOT_USER_ACTION: 'ignore' } },
  );
  const tool = installed();
  if (!tool) throw new Error('schemathesis was installed but .tools/schemathesis/bin/st does not run');
  return tool;
}
