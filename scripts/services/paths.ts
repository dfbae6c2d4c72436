import { existsSync } from 'node:fs';
import path from 'node:path';

/** The folder holding package.json: two levels up from the sources, three from their compiled copy in dist/. */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '..');
  }
}

export const projectRoot = findProjectRoot(path.resolve(__dirname, '..'));
export const toolsDir = path.join(projectRoot, '.tools');

export function dataDir(configured = process.env.DATA_DIR ?? '.data'): string {
  return path.resolve(projectRoot, configured);
}
