import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { toolsDir } from './paths';
import { capture, commandExists, isRoot, run, type Say } from './processes';

export interface PrometheusTools {
  /** The Prometheus server, to scrape the service and answer the dashboard's queries (test/e2e/monitoring.e2e.test.ts). */
  readonly prometheus: string;
  /** promtool: checks configuration files and lints a scrape. */
  readonly promtool: string;
}

const target = path.join(toolsDir, 'prometheus');
const binaries = (): PrometheusTools => ({ prometheus: path.join(target, 'usr', 'bin', 'prometheus'), promtool: path.join(target, 'usr', 'bin', 'promtool') });

/**
 * Prometheus and promtool from Debian's `prometheus` package (PyPI and npm have neither), unpacked into
 * .tools/prometheus rather than installed: no service is set up, no root is needed once the package lists are there.
 * Debian 12 ships 2.42; the compose stack runs a newer image, and the dashboard's queries read the same on both.
 */
export function ensurePrometheus(say: Say): PrometheusTools {
  const tools = binaries();
  if (existsSync(tools.prometheus) && existsSync(tools.promtool)) return tools;
  if (!commandExists('apt-get') || !commandExists('dpkg')) throw new Error("Prometheus comes from Debian's package here: apt-get and dpkg are needed");
  const download = path.join(toolsDir, 'prometheus-download');
  rmSync(download, { recursive: true, force: true });
  mkdirSync(download, { recursive: true });
  say("fetching Debian's prometheus package into .tools/prometheus (for promtool and the monitoring test)");
  if (!capture('apt-get', ['download', 'prometheus'], { cwd: download }).ok) {
    // No package lists yet (a fresh container): read them, as root or through sudo, and try again.
    const sudo = isRoot() ? [] : commandExists('sudo') ? ['sudo'] : null;
    if (!sudo) throw new Error('apt-get download prometheus failed and the package lists cannot be refreshed without root or sudo');
    run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', 'update'] : ['update'], say);
    run('apt-get', ['download', 'prometheus'], say, { cwd: download });
  }
  const deb = readdirSync(download).find((name) => name.endsWith('.deb'));
  if (!deb) throw new Error('apt-get download prometheus left no .deb');
  run('dpkg', ['-x', path.join(download, deb), target], say);
  rmSync(download, { recursive: true, force: true });
  if (!existsSync(tools.promtool)) throw new Error(`${deb} holds no usr/bin/promtool`);
  return tools;
}
