import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { sha256 } from './eventHash';

/**
 * The checkpoint signing key (Ed25519, node:crypto) and what a checkpoint's signature covers. The signed text is the
 * checkpoint's three facts, one a line, under a fixed first line (docs/audit.md, "Checkpoints"):
 *
 *   toolgate-log-checkpoint/v1\n<tree size>\n<root hash, hex>\n<issued at, ISO 8601 UTC with milliseconds>\n
 */
export const CHECKPOINT_HEADER = 'toolgate-log-checkpoint/v1';

export interface CheckpointFacts {
  readonly treeSize: number;
  readonly rootHash: string;
  readonly issuedAt: string;
}

export function checkpointText(c: CheckpointFacts): string {
  return `${CHECKPOINT_HEADER}\n${c.treeSize}\n${c.rootHash}\n${c.issuedAt}\n`;
}

/** DER prefix of a PKCS #8 Ed25519 private key (RFC 8410), before its 32-byte seed; of an SPKI public key, before its 32 bytes. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export interface LogSigner {
  readonly keyId: string;
  /** The raw 32-byte public key, base64. */
  readonly publicKey: string;
  sign(c: CheckpointFacts): string;
}

/** A public key's id: the first 8 bytes of SHA-256 of its raw 32 bytes, hex. */
export function keyIdOf(rawPublicKey: Buffer): string {
  return sha256(rawPublicKey).subarray(0, 8).toString('hex');
}

export function logSigner(seedHex: string): LogSigner {
  if (!/^[0-9a-fA-F]{64}$/.test(seedHex)) throw new Error('LOG_SIGNING_KEY must be an Ed25519 seed: 64 hex digits');
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, Buffer.from(seedHex, 'hex')]), format: 'der', type: 'pkcs8' });
  const raw = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length);
  return {
    keyId: keyIdOf(raw),
    publicKey: raw.toString('base64'),
    sign: (c) => sign(null, Buffer.from(checkpointText(c)), privateKey).toString('base64'),
  };
}

export function publicKeyOf(rawBase64: string): KeyObject {
  const raw = Buffer.from(rawBase64, 'base64');
  if (raw.length !== 32) throw new Error('an Ed25519 public key is 32 bytes');
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

/** Whether `signature` (base64) is the key's signature of the checkpoint. */
export function checkpointSignatureHolds(publicKeyBase64: string, c: CheckpointFacts, signature: string): boolean {
  try {
    return verify(null, Buffer.from(checkpointText(c)), publicKeyOf(publicKeyBase64), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
