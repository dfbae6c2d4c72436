import { commandExists, isRoot, run, type Say } from './processes';

/** Installs Debian packages with apt-get, as root or through sudo; null when this user can do neither. */
export function installDebianPackages(packages: readonly string[], say: Say): boolean {
  const sudo = isRoot() ? [] : commandExists('sudo') ? ['sudo'] : null;
  if (!sudo) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[]) => run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, say, { env });
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', ...packages]);
  return true;
}
