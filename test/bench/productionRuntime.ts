import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../scripts/services/paths';

/** The Node.js major production runs: the Dockerfile's base image (`FROM node:24-…`). */
export function productionNodeMajor(): number {
  const dockerfile = readFileSync(path.join(projectRoot, 'Dockerfile'), 'utf8');
  const major = /^FROM node:(\d+)/m.exec(dockerfile)?.[1];
  if (!major) throw new Error('the Dockerfile names no node:<major> base image');
  return Number(major);
}

/**
 * Runs this bench again on production's Node.js when the one running it is another major, and returns its exit code
 * (null: already on it, carry on here). Measured on this machine, the API's main thread costs ~30% less CPU per call on
 * Node 24 than on 20 (its promise-heavy request path pays less for async context tracking) while Temporal's floor
 * costs the same, so a bench on another runtime would describe a service nobody deploys. The runtime comes from the
 * npm registry's `node` package (as the CI's Node 24 pass gets it); every process the bench starts inherits it.
 */
export function rerunOnProductionNode(say: (line: string) => void): number | null {
  const major = productionNodeMajor();
  const running = Number(process.versions.node.split('.')[0]);
  if (running === major) return null;
  say(`this is Node ${process.versions.node}; production runs Node ${major} (Dockerfile): fetching it with npx node@${major} and running the bench on it`);
  const binary = execFileSync('npx', ['-y', `node@${major}`, '-p', 'process.execPath'], {
    cwd: projectRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  // The same script with the same loader flags (tsx's), on the other binary; --here stops it from doing this again.
  const child = spawnSync(binary, [...process.execArgv, ...process.argv.slice(1), '--here'], { stdio: 'inherit' });
  return child.status ?? 1;
}
