import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { GUIDES } from '../../api/discovery/frontDoor';
import { SETTINGS } from '../../schema/config';
import { CONFIG_DOC, withConfigTable } from '../../scripts/configTable';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const readme = read('README.md');
/** The README and every guide under docs/: the documents whose links must lead somewhere. */
const documents = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor of a heading: lower case, punctuation gone, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

/** A document's headings (outside code blocks) as anchors. */
function anchors(file: string): Set<string> {
  const found = new Set<string>();
  let fenced = false;
  for (const line of read(file).split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced && /^#{1,6} /.test(line)) found.add(anchorOf(line.replace(/^#+ /, '')));
  }
  return found;
}

/** A document's relative links (outside code blocks and inline code), as written. */
function relativeLinks(file: string): string[] {
  const text = read(file)
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z]+:/i.test(target));
}

describe('README', () => {
  it('reads in ten minutes: at most 300 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
  });

  it('gives the two set-up commands', () => {
    expect(readme).toContain('npm start     # the whole service: PostgreSQL, Temporal dev server + UI, local chain, worker, API on :3000');
    expect(readme).toContain('npm test      # the whole test suite against real PostgreSQL and real Temporal');
  });

  it('links every guide, and the front door names the same ones', () => {
    for (const guide of GUIDES) expect([guide.path, readme]).toEqual([guide.path, expect.stringContaining(`](${guide.path})`)]);
    expect(GUIDES.map((g) => g.path)).toContain(CONFIG_DOC);
  });
});

describe('the configuration reference', () => {
  const reference = read(CONFIG_DOC);

  it('documents every configuration variable exactly as schema/config.ts defines it', () => {
    expect(withConfigTable(reference)).toBe(reference);
  });

  it('names every setting', () => {
    const missing = Object.values(SETTINGS)
      .map((s) => s.env)
      .filter((env) => !reference.includes(`| \`${env}\` |`));
    expect(missing).toEqual([]);
  });
});

describe('links between the README and the guides', () => {
  it.each(documents)('every relative link of %s leads to a file, and its anchor to a heading there', (file) => {
    const broken = relativeLinks(file).filter((target) => {
      const [where, anchor] = target.split('#');
      const into = where ? path.normalize(path.join(path.dirname(file), where)) : file;
      if (!existsSync(path.join(root, into))) return true;
      return anchor !== undefined && into.endsWith('.md') && !anchors(into).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});
