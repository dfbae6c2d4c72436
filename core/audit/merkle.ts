import { createHash } from 'node:crypto';

/**
 * The log's Merkle tree, as RFC 9162 (Certificate Transparency 2.0) §2.1 defines it: leaves are hashed
 * SHA-256(0x00 || leaf), interior nodes SHA-256(0x01 || left || right), and a tree of n leaves splits at the largest
 * power of two below n. Pure: the verifier runs it with no database. Hashes are 32-byte Buffers.
 *
 * A stored tree is read through `NodeAt`: the hash of the complete subtree at `level` (2^level leaves) and `index`
 * (its first leaf is index << level). Only such complete, aligned subtrees are ever stored.
 */
export type NodeAt = (level: number, index: number) => Buffer;

export function hashChildren(left: Buffer, right: Buffer): Buffer {
  return createHash('sha256')
    .update(Buffer.from([1]))
    .update(left)
    .update(right)
    .digest();
}

/** The largest power of two smaller than n (n > 1). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function isPowerOfTwo(n: number): boolean {
  return n > 0 && 2 ** Math.round(Math.log2(n)) === n;
}

/** MTH(D[start:end]): a complete aligned subtree is read, any other range hashed from the ones it splits into. */
export function rangeHash(start: number, end: number, nodeAt: NodeAt): Buffer {
  const n = end - start;
  if (n <= 0) throw new Error('an empty range has no hash here');
  if (isPowerOfTwo(n) && start % n === 0) return nodeAt(Math.log2(n), start / n);
  const k = splitPoint(n);
  return hashChildren(rangeHash(start, start + k, nodeAt), rangeHash(start + k, end, nodeAt));
}

/** RFC 9162 §2.1.3.1 PATH(m, D[0:n]): the inclusion proof of leaf m in the tree of the first n leaves. */
export function inclusionProof(m: number, n: number, nodeAt: NodeAt): Buffer[] {
  if (m < 0 || m >= n) throw new Error(`leaf ${m} is not in a tree of ${n}`);
  const path = (index: number, start: number, end: number): Buffer[] => {
    const size = end - start;
    if (size === 1) return [];
    const k = splitPoint(size);
    return index < k
      ? [...path(index, start, start + k), rangeHash(start + k, end, nodeAt)]
      : [...path(index - k, start + k, end), rangeHash(start, start + k, nodeAt)];
  };
  return path(m, 0, n);
}

/** RFC 9162 §2.1.4.1 PROOF(m, D[0:n]): the consistency proof from the tree of m leaves to that of n (0 < m ≤ n). */
export function consistencyProof(m: number, n: number, nodeAt: NodeAt): Buffer[] {
  if (m <= 0 || m > n) throw new Error(`no consistency proof from ${m} to ${n}`);
  const sub = (size: number, start: number, end: number, whole: boolean): Buffer[] => {
    const n2 = end - start;
    if (size === n2) return whole ? [] : [rangeHash(start, end, nodeAt)];
    const k = splitPoint(n2);
    return size <= k
      ? [...sub(size, start, start + k, whole), rangeHash(start + k, end, nodeAt)]
      : [...sub(size - k, start + k, end, false), rangeHash(start, start + k, nodeAt)];
  };
  return sub(m, 0, n, true);
}

/** RFC 9162 §2.1.3.2: whether `proof` shows the leaf hash at `index` in the tree of `size` leaves whose root is `root`. */
export function verifyInclusion(index: number, size: number, leaf: Buffer, proof: readonly Buffer[], root: Buffer): boolean {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  let fn = BigInt(index);
  let sn = BigInt(size - 1);
  let r = leaf;
  for (const p of proof) {
    if (sn === 0n) return false;
    if ((fn & 1n) === 1n || fn === sn) {
      r = hashChildren(p, r);
      if ((fn & 1n) === 0n) {
        while ((fn & 1n) === 0n && fn !== 0n) {
          fn >>= 1n;
          sn >>= 1n;
        }
      }
    } else {
      r = hashChildren(r, p);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return sn === 0n && r.equals(root);
}

/** RFC 9162 §2.1.4.2: whether `proof` shows the tree of `first` leaves (root `firstRoot`) is a prefix of that of `second`. */
export function verifyConsistency(first: number, second: number, firstRoot: Buffer, secondRoot: Buffer, proof: readonly Buffer[]): boolean {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first <= 0 || first > second) return false;
  if (first === second) return proof.length === 0 && firstRoot.equals(secondRoot);
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : [...proof];
  let fn = BigInt(first - 1);
  let sn = BigInt(second - 1);
  while ((fn & 1n) === 1n) {
    fn >>= 1n;
    sn >>= 1n;
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0n) return false;
    if ((fn & 1n) === 1n || fn === sn) {
      fr = hashChildren(c, fr);
      sr = hashChildren(c, sr);
      if ((fn & 1n) === 0n) {
        while ((fn & 1n) === 0n && fn !== 0n) {
          fn >>= 1n;
          sn >>= 1n;
        }
      }
    } else {
      sr = hashChildren(sr, c);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return fr.equals(firstRoot) && sr.equals(secondRoot) && sn === 0n;
}

/**
 * The right edge of a tree being built leaf by leaf (a "compact range"): the complete subtrees that make up its first
 * `size` leaves, largest first. Pushing a leaf merges equal neighbours and reports each complete node it makes.
 */
export class Frontier {
  constructor(
    public size: number,
    readonly nodes: { level: number; hash: Buffer }[],
  ) {}

  /** The complete subtrees a tree of `size` leaves is made of, largest first, as (level, index). */
  static shape(size: number): { level: number; index: number }[] {
    const shape: { level: number; index: number }[] = [];
    let offset = 0;
    for (let level = 52; level >= 0; level--) {
      const width = 2 ** level;
      if (Math.floor(size / width) % 2 === 1) {
        shape.push({ level, index: offset / width });
        offset += width;
      }
    }
    return shape;
  }

  static of(size: number, nodeAt: NodeAt): Frontier {
    return new Frontier(
      size,
      Frontier.shape(size).map(({ level, index }) => ({ level, hash: nodeAt(level, index) })),
    );
  }

  /** Adds a leaf hash; `made` hears of every complete interior node (level ≥ 1) this completes. */
  push(leaf: Buffer, made: (level: number, index: number, hash: Buffer) => void = () => undefined): void {
    this.nodes.push({ level: 0, hash: leaf });
    this.size += 1;
    while (this.nodes.length >= 2 && this.nodes[this.nodes.length - 1]!.level === this.nodes[this.nodes.length - 2]!.level) {
      const right = this.nodes.pop()!;
      const left = this.nodes.pop()!;
      const level = right.level + 1;
      const hash = hashChildren(left.hash, right.hash);
      this.nodes.push({ level, hash });
      made(level, (this.size - 2 ** level) / 2 ** level, hash);
    }
  }

  /** The root of the tree so far (RFC 9162 MTH); undefined for the empty tree. */
  root(): Buffer | undefined {
    if (this.nodes.length === 0) return undefined;
    let root = this.nodes[this.nodes.length - 1]!.hash;
    for (let i = this.nodes.length - 2; i >= 0; i--) root = hashChildren(this.nodes[i]!.hash, root);
    return root;
  }
}

/** The root of a list of leaf hashes (the empty tree's is SHA-256 of nothing, as RFC 9162 says). */
export function rootOf(leaves: readonly Buffer[]): Buffer {
  const frontier = new Frontier(0, []);
  for (const leaf of leaves) frontier.push(leaf);
  return frontier.root() ?? createHash('sha256').digest();
}
