import { capture, commandExists, isRoot, run, type Say } from './processes';

/** How this user runs a command as root: directly, through sudo, or not at all (null). */
export function asRootPrefix(): string[] | null {
  return isRoot() ? [] : commandExists('sudo') ? ['sudo'] : null;
}

/** Runs a command as root (directly or through sudo), echoing it; throws when it fails or this user cannot. */
export function runAsRoot(command: string, args: readonly string[], say: Say, options: Parameters<typeof run>[3] = {}): void {
  const prefix = asRootPrefix();
  if (!prefix) throw new Error(`${command} must run as root, and this user is not root and has no sudo`);
  const [head, ...rest] = [...prefix, command, ...args];
  run(head!, rest, say, options);
}

let updated = false;

function apt(args: string[], say: Say): void {
  // Through env: sudo resets the environment, so a variable set on the process would not reach apt.
  runAsRoot('env', ['DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args], say);
}

/** Refreshes apt's package lists once per process (an install after a fresh machine's first boot needs it). */
function updateOnce(say: Say): void {
  if (updated) return;
  apt(['update'], say);
  updated = true;
}

/** Installs Debian packages with apt-get, as root or through sudo; false when this user can do neither. */
export function installDebianPackages(packages: readonly string[], say: Say): boolean {
  if (!asRootPrefix()) return false;
  updateOnce(say);
  apt(['install', '-y', '--no-install-recommends', ...packages], say);
  return true;
}

/** Whether apt can install a package here (it has a candidate version in the configured archives). */
export function debianPackageAvailable(name: string, say: Say): boolean {
  if (!asRootPrefix()) return false;
  updateOnce(say);
  const policy = capture('apt-cache', ['policy', name]);
  return policy.ok && /Candidate: (?!\(none\))\S+/.test(policy.out);
}
