import { DELIVERY_HEADERS } from '../../schema/webhooks/notifications';
import { readLimited, type SafeFetch, UnsafeUrl } from '../../core/net/safeFetch';
import { signatureHeader } from '../../core/webhooks/signature';

export interface SignedMessage {
  readonly url: string;
  readonly body: string;
  readonly secret: string;
  readonly event: string;
  readonly eventId: string;
  readonly deliveryId: string;
  readonly attempt: number;
  readonly unixSeconds: number;
}

export interface SendResult {
  readonly statusCode: number | null;
  readonly durationMs: number;
  readonly error?: string;
  /** The address is not one we may call (private, metadata, plain HTTP …): trying again cannot help. */
  readonly refused: boolean;
}

// The receiver's answer is read only to free the connection; nobody needs more than its start.
const MAX_ANSWER_BYTES = 16 * 1024;

/** One signed POST through the outgoing-URL guard. Never throws for the receiver's faults: they are the result. */
export async function sendSigned(fetch: SafeFetch, message: SignedMessage): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(message.url, {
      method: 'POST',
      body: message.body,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'toolgate-webhooks/1',
        [DELIVERY_HEADERS.signature]: signatureHeader(message.secret, message.body, message.unixSeconds),
        [DELIVERY_HEADERS.eventId]: message.eventId,
        [DELIVERY_HEADERS.event]: message.event,
        [DELIVERY_HEADERS.delivery]: message.deliveryId,
        [DELIVERY_HEADERS.attempt]: String(message.attempt),
      },
    });
    await readLimited(response, MAX_ANSWER_BYTES).catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return { statusCode: response.status, durationMs: elapsed(), refused: false, ...(ok ? {} : { error: `HTTP ${response.status}` }) };
  } catch (error) {
    if (error instanceof UnsafeUrl) return { statusCode: null, durationMs: elapsed(), refused: true, error: `refused: ${error.message}` };
    return { statusCode: null, durationMs: elapsed(), refused: false, error: describeNetworkError(error) };
  }
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `${cause.code}${cause.message ? `: ${cause.message}` : ''}`;
  if ((error as Error).name === 'TimeoutError') return 'timed out waiting for the receiver';
  return error instanceof Error ? error.message : String(error);
}
