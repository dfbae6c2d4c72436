import { type SafeFetch, readLimited } from '../../core/net/safeFetch';
import { callerUrlFailure } from '../tools/callerUrlFailure';
import type { ImagePart } from '../providers';
import { invalidInput, upstreamFailure } from '../../core/calls/callFailures';

/** Image formats by their first bytes: the declared Content-Type must agree with what the bytes are. */
const SIGNATURES: readonly { readonly mediaType: string; readonly matches: (bytes: Buffer) => boolean }[] = [
  { mediaType: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mediaType: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mediaType: 'image/gif', matches: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')) },
  { mediaType: 'image/webp', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

const HINT = 'Send the address of a PNG, JPEG, GIF or WebP image on a public https server.';

/**
 * Fetches the image a caller pointed /vision at, through the outgoing-URL guard (https only, no private or
 * metadata addresses, after DNS and on every redirect), within a size limit, and only if it really is an image.
 * A caller's bad address is their error (400); a server that fails or cannot be reached is the upstream's (5xx).
 */
export async function fetchImage(safeFetch: SafeFetch, url: string, maxBytes: number, signal?: AbortSignal): Promise<ImagePart> {
  let bytes: Buffer;
  let declared: string;
  try {
    const response = await safeFetch(url, { headers: { accept: SIGNATURES.map((s) => s.mediaType).join(', ') }, ...(signal ? { signal } : {}) });
    if (!response.ok) {
      await response.body?.cancel();
      if (response.status >= 500 || response.status === 429) throw upstreamFailure(`image_url answered HTTP ${response.status}`);
      throw invalidInput(`image_url answered HTTP ${response.status}`, HINT);
    }
    declared = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!SIGNATURES.some((s) => s.mediaType === declared)) {
      await response.body?.cancel();
      throw invalidInput(`image_url is ${declared || 'of no declared type'}, not a PNG, JPEG, GIF or WebP image`, HINT);
    }
    bytes = await readLimited(response, maxBytes);
  } catch (error) {
    throw callerUrlFailure(error, 'image_url', url, HINT, signal);
  }
  const sniffed = SIGNATURES.find((s) => s.matches(bytes));
  if (!sniffed || sniffed.mediaType !== declared) {
    throw invalidInput(`image_url says ${declared} but its bytes are ${sniffed ? sniffed.mediaType : 'not an image this service reads'}`, HINT);
  }
  return { type: 'image', mediaType: sniffed.mediaType, data: bytes.toString('base64') };
}
