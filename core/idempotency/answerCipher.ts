import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** A first answer as it went out: status, the headers its handler set, and the body's exact bytes. */
export interface KeptAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/** Where a caller's idempotency key is kept (scope and digest) and what its answer is sealed with (derived from the key). */
export interface AnswerKey {
  readonly scope: string;
  readonly digest: string;
  readonly secret: Buffer;
}

const INFO = Buffer.from('toolgate idempotent answer');

/**
 * The key as stored: a digest under the sender's scope, never the key itself, which seals the answer (HKDF-SHA256 of
 * the key, salted with the scope): only whoever holds the key can read what it answered. A key as unguessable as a
 * UUID keeps a copy of the table from reading a new key's secret or a session token in a first answer.
 */
export function answerKeyOf(scope: string, idempotencyKey: string): AnswerKey {
  return {
    scope,
    digest: createHash('sha256').update(`${scope}\n${idempotencyKey}`).digest('base64url'),
    secret: Buffer.from(hkdfSync('sha256', idempotencyKey, scope, INFO, 32)),
  };
}

/** AES-256-GCM of the answer (a length-prefixed JSON head, then the body), bound to its row: iv ‖ tag ‖ ciphertext. */
export function sealAnswer(key: AnswerKey, answer: KeptAnswer): Buffer {
  const head = Buffer.from(JSON.stringify({ status: answer.status, headers: answer.headers }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.secret, iv).setAAD(Buffer.from(key.digest));
  const sealed = Buffer.concat([cipher.update(Buffer.concat([length, head, answer.body])), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

export function openAnswer(key: AnswerKey, sealed: Buffer): KeptAnswer {
  const decipher = createDecipheriv('aes-256-gcm', key.secret, sealed.subarray(0, 12)).setAAD(Buffer.from(key.digest));
  decipher.setAuthTag(sealed.subarray(12, 28));
  const plain = Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
  const headLength = plain.readUInt32BE(0);
  const head = JSON.parse(plain.subarray(4, 4 + headLength).toString('utf8')) as { status: number; headers: Record<string, string> };
  return { status: head.status, headers: head.headers, body: plain.subarray(4 + headLength) };
}
