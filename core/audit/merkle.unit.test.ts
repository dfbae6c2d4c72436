import { createHash } from 'node:crypto';
import { consistencyProof, Frontier, hashChildren, inclusionProof, type NodeAt, rootOf, splitPoint, verifyConsistency, verifyInclusion } from './merkle';

const leaf = (i: number) =>
  createHash('sha256')
    .update(Buffer.from([0]))
    .update(`leaf ${i}`)
    .digest();

/** RFC 9162's MTH, written straight from its definition. */
function mth(leaves: readonly Buffer[]): Buffer {
  if (leaves.length === 0) return createHash('sha256').digest();
  if (leaves.length === 1) return leaves[0]!;
  const k = splitPoint(leaves.length);
  return hashChildren(mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}

function storedTree(leaves: readonly Buffer[]): NodeAt {
  const nodes = new Map<string, Buffer>();
  const frontier = new Frontier(0, []);
  leaves.forEach((l, i) => {
    nodes.set(`0/${i}`, l);
    frontier.push(l, (level, index, hash) => nodes.set(`${level}/${index}`, hash));
  });
  return (level, index) => {
    const hash = nodes.get(`${level}/${index}`);
    if (!hash) throw new Error(`no node ${level}/${index}`);
    return hash;
  };
}

describe('the log Merkle tree (RFC 9162)', () => {
  const leaves = Array.from({ length: 37 }, (_, i) => leaf(i));
  const nodeAt = storedTree(leaves);

  it('roots every prefix as MTH does, from a frontier rebuilt from stored nodes', () => {
    for (let n = 1; n <= leaves.length; n++) {
      expect(rootOf(leaves.slice(0, n))).toEqual(mth(leaves.slice(0, n)));
      expect(Frontier.of(n, nodeAt).root()).toEqual(mth(leaves.slice(0, n)));
    }
  });

  it('proves every leaf of every tree size, and no other leaf, index or root', () => {
    for (let n = 1; n <= leaves.length; n++) {
      const root = mth(leaves.slice(0, n));
      for (let m = 0; m < n; m++) {
        const proof = inclusionProof(m, n, nodeAt);
        expect(verifyInclusion(m, n, leaves[m]!, proof, root)).toBe(true);
        expect(verifyInclusion(m, n, leaf(1000), proof, root)).toBe(false);
        if (n > 1) expect(verifyInclusion((m + 1) % n, n, leaves[m]!, proof, root)).toBe(false);
        expect(verifyInclusion(m, n, leaves[m]!, proof, leaf(999))).toBe(false);
      }
    }
  });

  it('proves every smaller tree a prefix of every larger one, and refuses a different history', () => {
    const forged = [...leaves];
    forged[3] = leaf(500);
    for (let n = 1; n <= leaves.length; n++) {
      for (let m = 1; m <= n; m++) {
        const proof = consistencyProof(m, n, nodeAt);
        const first = mth(leaves.slice(0, m));
        const second = mth(leaves.slice(0, n));
        expect(verifyConsistency(m, n, first, second, proof)).toBe(true);
        if (m > 3) expect(verifyConsistency(m, n, mth(forged.slice(0, m)), second, proof)).toBe(false);
        if (m < n && proof.length > 0) expect(verifyConsistency(m, n, first, second, [...proof.slice(0, -1), leaf(7)])).toBe(false);
      }
    }
  });
});
