import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readmeWithTable } from '../../scripts/configTable';

describe('README', () => {
  const readme = readFileSync(path.resolve(__dirname, '..', '..', 'README.md'), 'utf8');

  it('documents every configuration variable exactly as schema/config.ts defines it', () => {
    expect(readmeWithTable(readme)).toBe(readme);
  });

  it('gives the two set-up commands', () => {
    expect(readme).toContain('npm start');
    expect(readme).toContain('npm test');
  });
});
