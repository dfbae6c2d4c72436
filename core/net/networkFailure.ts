import type { UnreachableCause } from '../../schema/calls';

/** Why a request got no usable answer, read from the low-level code Node, undici or OpenSSL gave. */
export interface NetworkFailure {
  readonly cause: UnreachableCause;
  /** The code as it came (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED …), for operators. */
  readonly code: string;
}

const CAUSES: Readonly<Record<string, UnreachableCause>> = {
  // getaddrinfo (dns.lookup) and c-ares: the name has no address, as the resolver answered.
  ENOTFOUND: 'no_such_host',
  ENODATA: 'no_such_host',
  ENONAME: 'no_such_host',
  // The resolver itself failed: no answer, refused, SERVFAIL.
  EAI_AGAIN: 'resolver_failed',
  EAI_FAIL: 'resolver_failed',
  ESERVFAIL: 'resolver_failed',
  EREFUSED: 'resolver_failed',
  ETIMEOUT: 'resolver_failed',
  ECONNREFUSED: 'connection_refused',
  EHOSTUNREACH: 'connection_refused',
  EHOSTDOWN: 'connection_refused',
  ENETUNREACH: 'connection_refused',
  ENETDOWN: 'connection_refused',
  EADDRNOTAVAIL: 'connection_refused',
  ECONNRESET: 'connection_reset',
  ECONNABORTED: 'connection_reset',
  EPIPE: 'connection_reset',
  UND_ERR_SOCKET: 'connection_reset',
  UND_ERR_CLOSED: 'connection_reset',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  EPROTO: 'tls_failed',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'bad_response',
  UND_ERR_INFO: 'bad_response',
};

/** undici's errors that carry no code (its HTTP parser's), by name. */
const NAMED: Readonly<Record<string, UnreachableCause>> = {
  HTTPParserError: 'bad_response',
  ResponseContentLengthMismatchError: 'bad_response',
  SocketError: 'connection_reset',
  ConnectTimeoutError: 'timeout',
  HeadersTimeoutError: 'timeout',
  BodyTimeoutError: 'timeout',
};

/** OpenSSL's and Node's TLS codes: a certificate that cannot be trusted, or a handshake that failed. */
const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|ERR_OSSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

/**
 * What a failed request says about the server it tried to reach, or null when the failure is not the network's (a
 * refused URL, an invalid header, a cancellation): undici keeps the low-level error in `cause` (an AggregateError
 * when every address failed), and a time-out signal rejects with a TimeoutError.
 */
export function networkFailureOf(error: unknown): NetworkFailure | null {
  // A DOMException (AbortSignal.timeout's reason) need not be an Error of this realm: read its name.
  if ((error as { name?: unknown } | null)?.name === 'TimeoutError') return { cause: 'timeout', code: 'TimeoutError' };
  for (const candidate of lowLevelErrors(error)) {
    const code = (candidate as { code?: unknown }).code;
    const name = (candidate as { name?: unknown }).name;
    if (typeof code !== 'string') {
      if (typeof name === 'string' && NAMED[name]) return { cause: NAMED[name], code: name };
      continue;
    }
    const cause = CAUSES[code] ?? (TLS_CODE.test(code) ? 'tls_failed' : code.startsWith('HPE_') ? 'bad_response' : undefined);
    if (cause) return { cause, code };
    // An errno the table does not know is still a connection that could not be made.
    if (/^E[A-Z0-9]+$/.test(code)) return { cause: 'connection_refused', code };
  }
  return null;
}

/** The error, its `cause` chain and, for an AggregateError, the errors it gathers. */
function lowLevelErrors(error: unknown): unknown[] {
  const found: unknown[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    found.push(current);
    if (current instanceof AggregateError) found.push(...current.errors);
    current = (current as { cause?: unknown }).cause;
  }
  // The deepest error says most (undici's `fetch failed` wraps the socket's).
  return found.reverse();
}

/** The failure in words, for messages: "connection refused (ECONNREFUSED)". */
export function describeNetworkFailure(failure: NetworkFailure): string {
  return `${CAUSE_WORDS[failure.cause]} (${failure.code})`;
}

const CAUSE_WORDS: Readonly<Record<UnreachableCause, string>> = {
  no_such_host: 'the name does not resolve',
  resolver_failed: 'the DNS resolver failed to answer',
  connection_refused: 'the connection was refused',
  connection_reset: 'the connection was reset',
  tls_failed: 'no trustworthy TLS session',
  bad_response: 'the answer was not valid HTTP',
  timeout: 'no answer in time',
};
