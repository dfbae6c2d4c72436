import path from 'node:path';

export const projectRoot = path.resolve(__dirname, '..', '..');
export const toolsDir = path.join(projectRoot, '.tools');

export function dataDir(configured = process.env.DATA_DIR ?? '.data'): string {
  return path.resolve(projectRoot, configured);
}
