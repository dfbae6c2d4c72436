import type { StoredFileType } from '../../schema/files/fileTools';

/** A signature: bytes expected at an offset (null: any byte there). */
interface Signature {
  readonly type: StoredFileType;
  readonly offset?: number;
  readonly bytes: readonly (number | null)[];
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * Magic numbers of the formats people upload most; first match wins, so longer, more specific ones come first. Kept
 * rather than file-type's larger table: file-type names some of these differently (application/x-sqlite3)
 * and tells containers apart (a .docx is not application/zip to it), which would change the types stored files already
 * answer with; it is also asynchronous and ESM-only, and this runs in the API's upload path, which is CommonJS.
 */
const SIGNATURES: readonly Signature[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: ascii('GIF87a') },
  { type: 'image/gif', bytes: ascii('GIF89a') },
  { type: 'image/webp', bytes: [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')] },
  { type: 'audio/wav', bytes: [...ascii('RIFF'), null, null, null, null, ...ascii('WAVE')] },
  { type: 'image/bmp', bytes: ascii('BM') },
  { type: 'image/tiff', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { type: 'image/tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { type: 'image/x-icon', bytes: [0x00, 0x00, 0x01, 0x00] },
  { type: 'image/avif', offset: 4, bytes: ascii('ftypavif') },
  { type: 'image/heic', offset: 4, bytes: ascii('ftypheic') },
  { type: 'video/quicktime', offset: 4, bytes: ascii('ftypqt') },
  { type: 'video/mp4', offset: 4, bytes: ascii('ftyp') },
  { type: 'video/webm', bytes: [0x1a, 0x45, 0xdf, 0xa3] },
  { type: 'audio/mpeg', bytes: ascii('ID3') },
  { type: 'audio/mpeg', bytes: [0xff, 0xfb] },
  { type: 'audio/ogg', bytes: ascii('OggS') },
  { type: 'audio/flac', bytes: ascii('fLaC') },
  { type: 'application/pdf', bytes: ascii('%PDF-') },
  { type: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { type: 'application/zip', bytes: [0x50, 0x4b, 0x05, 0x06] },
  { type: 'application/gzip', bytes: [0x1f, 0x8b] },
  { type: 'application/x-bzip2', bytes: ascii('BZh') },
  { type: 'application/x-7z-compressed', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { type: 'application/x-xz', bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] },
  { type: 'application/x-tar', offset: 257, bytes: ascii('ustar') },
  { type: 'application/wasm', bytes: [0x00, 0x61, 0x73, 0x6d] },
  { type: 'application/vnd.sqlite3', bytes: ascii('SQLite format 3') },
  { type: 'font/woff2', bytes: ascii('wOF2') },
  { type: 'font/woff', bytes: ascii('wOFF') },
];

const matches = (bytes: Buffer, signature: Signature) => {
  const offset = signature.offset ?? 0;
  if (bytes.length < offset + signature.bytes.length) return false;
  return signature.bytes.every((b, i) => b === null || bytes[offset + i] === b);
};

/** A stored file's media type (each one the OpenAPI document lists for GET /files/{file_id}), text with its charset. */
export type SniffedType = StoredFileType | `${'text/html' | 'text/plain'}; charset=utf-8`;

/**
 * The media type of a file, from its bytes (never from what the client claims): a known magic number, else text when
 * the bytes are valid UTF-8 without control characters (JSON, SVG, HTML and CSV told apart by their start), else
 * application/octet-stream.
 */
export function sniffContentType(bytes: Buffer): SniffedType {
  const known = SIGNATURES.find((signature) => matches(bytes, signature));
  if (known) return known.type;
  const text = utf8Text(bytes);
  if (text === null) return 'application/octet-stream';
  return textType(text.replace(/^\uFEFF/, '').trimStart());
}

function utf8Text(bytes: Buffer): string | null {
  try {
    // Control characters other than tab, newline, form feed and carriage return mean binary data.
    if (bytes.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d)) return null;
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function textType(start: string): SniffedType {
  if (/^<svg[\s>]/i.test(start) || (/^<\?xml/i.test(start) && /<svg[\s>]/i.test(start.slice(0, 1024)))) return 'image/svg+xml';
  if (/^<\?xml/i.test(start)) return 'application/xml';
  if (/^(<!doctype html|<html[\s>])/i.test(start)) return 'text/html; charset=utf-8';
  if (/^[[{]/.test(start) && isJson(start)) return 'application/json';
  return 'text/plain; charset=utf-8';
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
