import http2 from 'node:http2';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { Connection } from '@temporalio/client';
import { SETTINGS } from '../../schema/config';
import type { TemporalTarget } from './temporalTarget';
import { TemporalSettingError } from './temporalSettingError';

/**
 * A client connection to the target, checked before anything relies on it: the TLS session is made first on its own
 * (so a wrong CA, a missing or refused client certificate, or TLS against a plaintext server is said as such, where
 * gRPC would only retry until its deadline), then the namespace is read through gRPC (a refused API key, an unknown
 * namespace). Every failure is a TemporalSettingError naming the setting to change; nothing waits longer than
 * `timeoutMs`.
 */
export async function connectTemporal(target: TemporalTarget, timeoutMs: number): Promise<Connection> {
  await (target.connection.tls ? probeTls(target, timeoutMs) : probePlaintext(target, timeoutMs));
  let connection: Connection;
  try {
    connection = await Connection.connect({ ...target.connection, connectTimeout: timeoutMs });
  } catch (error) {
    throw grpcProblem(error, target, timeoutMs);
  }
  try {
    await connection.withAbortSignal(AbortSignal.timeout(timeoutMs), () => connection.workflowService.describeNamespace({ namespace: target.namespace }));
  } catch (error) {
    await connection.close();
    throw grpcProblem(error, target, timeoutMs);
  }
  return connection;
}

/** Checks the target as connectTemporal does, and closes the connection (a worker then opens its own). */
export async function checkTemporal(target: TemporalTarget, timeoutMs: number): Promise<void> {
  await (await connectTemporal(target, timeoutMs)).close();
}

const ADDRESS = SETTINGS.temporalAddress.env;

function hostAndPort(address: string): { host: string; port: number } {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(address);
  if (!match) throw new TemporalSettingError(ADDRESS, `"${address}" is not host:port`);
  return { host: match[1]!, port: Number(match[2]) };
}

/** An HTTP/2 session in plaintext (h2c, as gRPC makes it): a server that is not there, or speaks TLS, is said as such. */
async function probePlaintext(target: TemporalTarget, timeoutMs: number): Promise<void> {
  const { address } = target.connection;
  hostAndPort(address);
  const failure = await new Promise<string | null>((resolve) => {
    const session = http2.connect(`http://${address}`);
    const timer = setTimeout(() => finish(`no answer within ${timeoutMs} ms`), timeoutMs);
    const finish = (result: string | null) => {
      clearTimeout(timer);
      session.destroy();
      resolve(result);
    };
    session.once('remoteSettings', () => finish(null));
    session.once('error', (error: NodeJS.ErrnoException) => finish(`${error.code ?? 'ERR'}: ${error.message}`));
    session.once('close', () => finish('the server closed the connection'));
  });
  if (failure === null) return;
  if (await speaksTls(address, Math.min(timeoutMs, 3000))) {
    throw new TemporalSettingError(
      SETTINGS.temporalTls.env,
      `the server at ${address} speaks TLS: set ${SETTINGS.temporalTls.env}=true and its CA (${SETTINGS.temporalTlsServerCaCertPath.env})`,
    );
  }
  throw new TemporalSettingError(ADDRESS, `cannot reach Temporal at ${address}: ${failure}`);
}

/** The TLS session as gRPC would make it, and the server's HTTP/2 settings over it: what went wrong, in its words. */
async function probeTls(target: TemporalTarget, timeoutMs: number): Promise<void> {
  const { address } = target.connection;
  const options = typeof target.connection.tls === 'object' ? target.connection.tls : {};
  const { host, port } = hostAndPort(address);
  const serverName = options.serverNameOverride ?? (isIP(host) ? undefined : host);
  const failure = await new Promise<{ code: string; message: string } | null>((resolve) => {
    const socket = tls.connect({
      host,
      port,
      ...(serverName ? { servername: serverName } : {}),
      ...(options.serverRootCACertificate ? { ca: Buffer.from(options.serverRootCACertificate) } : {}),
      ...(options.clientCertPair ? { cert: Buffer.from(options.clientCertPair.crt), key: Buffer.from(options.clientCertPair.key) } : {}),
      ALPNProtocols: ['h2'],
      // The name is checked below against serverNameOverride (as gRPC does), whatever host was dialled.
      checkServerIdentity: (_host, cert) => tls.checkServerIdentity(serverName ?? host, cert),
    });
    const timer = setTimeout(() => finish({ code: 'ETIMEDOUT', message: `no TLS session within ${timeoutMs} ms` }), timeoutMs);
    let session: http2.ClientHttp2Session | undefined;
    const finish = (result: { code: string; message: string } | null) => {
      clearTimeout(timer);
      session?.destroy();
      socket.destroy();
      resolve(result);
    };
    socket.once('error', (error: NodeJS.ErrnoException) => finish({ code: error.code ?? 'ERR', message: error.message }));
    socket.once('secureConnect', () => {
      // A server that wants a client certificate says so after the handshake (TLS 1.3): wait for its first settings.
      session = http2.connect(`https://${address}`, { createConnection: () => socket });
      session.once('remoteSettings', () => finish(null));
      session.once('error', (error: NodeJS.ErrnoException) => finish({ code: error.code ?? 'ERR', message: error.message }));
      session.once('close', () => finish({ code: 'ECONNRESET', message: 'the server closed the TLS session' }));
    });
  });
  if (failure) throw tlsProblem(failure, target, serverName ?? host);
}

/** Which setting a failed TLS session points at. */
function tlsProblem(failure: { code: string; message: string }, target: TemporalTarget, name: string): TemporalSettingError {
  const { code, message } = failure;
  const { address } = target.connection;
  const withClientCert = typeof target.connection.tls === 'object' && Boolean(target.connection.tls.clientCertPair);
  if (/UNABLE_TO_VERIFY|SELF_SIGNED|UNABLE_TO_GET_ISSUER|CERT_UNTRUSTED|CERT_SIGNATURE_FAILURE/.test(code)) {
    return new TemporalSettingError(
      SETTINGS.temporalTlsServerCaCertPath.env,
      `the certificate of the server at ${address} is not signed by the CA given (or, with none, by one this system trusts): ${message}`,
    );
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return new TemporalSettingError(SETTINGS.temporalTlsServerName.env, `the server's certificate is not for "${name}": ${message}`);
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return new TemporalSettingError(SETTINGS.temporalTlsServerCaCertPath.env, `the server's certificate is not valid now: ${message}`);
  }
  if (/CERTIFICATE_REQUIRED|HANDSHAKE_FAILURE/.test(code) || (!withClientCert && code === 'ECONNRESET')) {
    return new TemporalSettingError(
      SETTINGS.temporalTlsClientCertPath.env,
      `the server at ${address} wants a client certificate (mTLS): set ${SETTINGS.temporalTlsClientCertPath.env} and ${SETTINGS.temporalTlsClientKeyPath.env} (${code})`,
    );
  }
  if (/UNKNOWN_CA|BAD_CERTIFICATE|UNSUPPORTED_CERTIFICATE|CERTIFICATE_UNKNOWN|ACCESS_DENIED/.test(code) || (withClientCert && code === 'ECONNRESET')) {
    return new TemporalSettingError(SETTINGS.temporalTlsClientCertPath.env, `the server at ${address} refused this client certificate (${code}): ${message}`);
  }
  if (/WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG|RECORD_LAYER_FAILURE|EPROTO/.test(code)) {
    return new TemporalSettingError(
      SETTINGS.temporalTls.env,
      `the server at ${address} does not speak TLS (${code}): set ${SETTINGS.temporalTls.env}=false, or point ${ADDRESS} at its TLS port`,
    );
  }
  if (code === 'ERR_SSL_KEY_VALUES_MISMATCH' || /KEY_VALUES_MISMATCH|BAD_DECRYPT|NO_START_LINE/.test(code) || /key/i.test(message)) {
    return new TemporalSettingError(SETTINGS.temporalTlsClientKeyPath.env, `the client certificate and key do not make a pair: ${message}`);
  }
  return new TemporalSettingError(ADDRESS, `no TLS session with ${address} (${code}): ${message}`);
}

/** Which setting a failed gRPC call points at: the key (16, 7), the namespace (5), else the address. */
function grpcProblem(error: unknown, target: TemporalTarget, timeoutMs: number): TemporalSettingError {
  const cause = (error as { cause?: { code?: number; details?: string; message?: string } }).cause;
  const code = (error as { code?: number }).code ?? cause?.code;
  const detail = cause?.details ?? cause?.message ?? (error as Error).message;
  const { address, apiKey } = target.connection;
  if (code === 16 || code === 7) {
    return apiKey
      ? new TemporalSettingError(SETTINGS.temporalApiKey.env, `the server at ${address} refused the API key: ${detail}`)
      : new TemporalSettingError(SETTINGS.temporalApiKey.env, `the server at ${address} wants credentials (an API key): ${detail}`);
  }
  if (code === 5) {
    return new TemporalSettingError(
      SETTINGS.temporalNamespace.env,
      `there is no namespace "${target.namespace}" at ${address} (${detail}): create it, or name one that exists`,
    );
  }
  return new TemporalSettingError(ADDRESS, `cannot reach Temporal at ${address} within ${timeoutMs} ms: ${detail}`);
}

/** Whether a server answers a TLS handshake at all (its certificate not checked): a plaintext client then knows why it failed. */
function speaksTls(address: string, timeoutMs: number): Promise<boolean> {
  const { host, port } = hostAndPort(address);
  return new Promise((resolve) => {
    const socket = tls.connect({ host, port, rejectUnauthorized: false, ALPNProtocols: ['h2'] });
    const timer = setTimeout(() => done(false), timeoutMs);
    const done = (answer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    socket.once('secureConnect', () => done(true));
    socket.once('error', () => done(false));
  });
}
