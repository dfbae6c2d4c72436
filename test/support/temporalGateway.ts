import http2 from 'node:http2';
import tls from 'node:tls';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { TemporalCertificates } from '../../scripts/services/certificates';

/**
 * A TLS front of a plaintext Temporal frontend, as a secured cluster or Temporal Cloud presents one: it terminates
 * TLS with the server certificate, asks for a client certificate signed by the CA when mTLS is on, and refuses a call
 * without the expected API key (`authorization: Bearer …`, what Temporal Cloud reads) with gRPC's UNAUTHENTICATED,
 * as Cloud does. Every stream that passes is relayed to the frontend as it came, trailers included, so the SDKs speak
 * real gRPC through it. What it saw (client certificates, keys) is kept for the test to assert on.
 */
export interface TemporalGateway {
  readonly address: string;
  /** The API keys calls carried, in order (undefined: none). */
  readonly keysSeen: (string | undefined)[];
  /** The subjects (CN) of the client certificates of the TLS sessions that carried calls. */
  readonly clientCertificates: string[];
  close(): Promise<void>;
}

export async function startTemporalGateway(options: {
  upstream: string;
  /** How to reach a frontend that wants TLS itself (the production server's mTLS): its CA, name and our client pair. */
  upstreamTls?: { readonly ca: string; readonly serverName: string; readonly cert: string; readonly key: string };
  certificates: TemporalCertificates;
  /** Ask for a client certificate the CA signed (mTLS); without one the handshake fails. */
  mtls: boolean;
  /** The only API key let through; undefined: none is checked. */
  apiKey?: string;
}): Promise<TemporalGateway> {
  const { certificates } = options;
  const tlsUpstream = options.upstreamTls;
  const upstream = tlsUpstream
    ? http2.connect(`https://${options.upstream}`, {
        ca: readFileSync(tlsUpstream.ca),
        cert: readFileSync(tlsUpstream.cert),
        key: readFileSync(tlsUpstream.key),
        servername: tlsUpstream.serverName,
        checkServerIdentity: (_host, cert) => tls.checkServerIdentity(tlsUpstream.serverName, cert),
      })
    : http2.connect(`http://${options.upstream}`);
  upstream.on('error', () => undefined);
  const keysSeen: (string | undefined)[] = [];
  const clientCertificates: string[] = [];
  const server = http2.createSecureServer({
    cert: readFileSync(certificates.server.cert),
    key: readFileSync(certificates.server.key),
    ca: readFileSync(certificates.ca.cert),
    requestCert: options.mtls,
    rejectUnauthorized: options.mtls,
    allowHTTP1: false,
  });
  server.on('stream', (stream, headers) => {
    const authorization = headers.authorization as string | undefined;
    const key = authorization?.replace(/^Bearer /i, '');
    keysSeen.push(key);
    const peer = (stream.session?.socket as { getPeerCertificate?: () => { subject?: { CN?: string } } } | undefined)?.getPeerCertificate?.();
    if (peer?.subject?.CN) clientCertificates.push(peer.subject.CN);
    if (options.apiKey !== undefined && key !== options.apiKey) {
      // A trailers-only gRPC answer: 16 UNAUTHENTICATED, as Temporal Cloud answers a key it does not know.
      stream.respond(
        { ':status': 200, 'content-type': 'application/grpc', 'grpc-status': '16', 'grpc-message': 'Request unauthorized: API key refused' },
        { endStream: true },
      );
      return;
    }
    const forwarded: http2.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) if (!name.startsWith(':') || name === ':method' || name === ':path') forwarded[name] = value;
    forwarded[':authority'] = options.upstream;
    forwarded[':scheme'] = tlsUpstream ? 'https' : 'http';
    const relayed = upstream.request(forwarded, { endStream: false });
    stream.pipe(relayed);
    let trailers: http2.OutgoingHttpHeaders = {};
    relayed.on('response', (responseHeaders) => {
      const answer: http2.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(responseHeaders)) if (!name.startsWith(':') || name === ':status') answer[name] = value;
      // Trailers-only (an error the frontend answered at once): the status is in these headers, and nothing follows.
      if (responseHeaders['grpc-status'] !== undefined) return stream.respond(answer, { endStream: true });
      stream.respond(answer, { waitForTrailers: true });
      relayed.pipe(stream);
    });
    relayed.on('trailers', (received: http2.IncomingHttpHeaders) => {
      trailers = {};
      for (const [name, value] of Object.entries(received)) if (!name.startsWith(':')) trailers[name] = value;
    });
    stream.on('wantTrailers', () => stream.sendTrailers(trailers));
    relayed.on('error', () => stream.destroy());
    stream.on('error', () => relayed.destroy());
    stream.on('close', () => relayed.close());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    keysSeen,
    clientCertificates,
    async close() {
      upstream.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
