import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { capture, commandExists, type Say } from './processes';

/** A certificate and its key, as PEM files. */
export interface CertificatePair {
  readonly cert: string;
  readonly key: string;
}

/** What a TLS Temporal needs: its own CA, the server's certificate (for these names) and a client's for mTLS. */
export interface TemporalCertificates {
  readonly dir: string;
  readonly ca: CertificatePair;
  readonly server: CertificatePair;
  readonly client: CertificatePair;
  /** The name clients check the server's certificate against (TEMPORAL_TLS_SERVER_NAME). */
  readonly serverName: string;
}

export const SERVER_NAME = 'temporal.toolgate.local';

/**
 * A private CA and the certificates it signs, made once in `dir` with openssl (Debian's, on every machine here): a
 * server certificate for SERVER_NAME, localhost and 127.0.0.1, and a client certificate for mTLS. Kept across starts;
 * `fresh: true` makes a new set (another CA: what a "wrong CA" looks like to a client).
 */
export function ensureCertificates(dir: string, say: Say, options: { fresh?: boolean; days?: number } = {}): TemporalCertificates {
  const file = (name: string) => path.join(dir, name);
  const made: TemporalCertificates = {
    dir,
    ca: { cert: file('ca.pem'), key: file('ca.key') },
    server: { cert: file('server.pem'), key: file('server.key') },
    client: { cert: file('client.pem'), key: file('client.key') },
    serverName: SERVER_NAME,
  };
  const all = [made.ca, made.server, made.client].flatMap((pair) => [pair.cert, pair.key]);
  if (!options.fresh && all.every((f) => existsSync(f))) return made;
  if (!commandExists('openssl')) throw new Error('openssl is needed to make the TLS certificates (Debian: apt-get install openssl)');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const days = String(options.days ?? 825);
  const openssl = (args: string[]) => {
    const done = capture('openssl', args, { cwd: dir });
    if (!done.ok) throw new Error(`openssl ${args.slice(0, 2).join(' ')} failed: ${done.out}`);
  };
  say(`making a CA and TLS certificates for Temporal in ${dir}`);
  openssl(
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', days, '-subj', '/CN=toolgate local CA'].concat([
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
      '-keyout',
      made.ca.key,
      '-out',
      made.ca.cert,
    ]),
  );
  const sign = (pair: CertificatePair, subject: string, extensions: string) => {
    const request = `${pair.cert}.csr`;
    const extensionFile = `${pair.cert}.ext`;
    writeFileSync(extensionFile, extensions);
    openssl(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', subject, '-keyout', pair.key, '-out', request]);
    openssl([
      'x509',
      '-req',
      '-in',
      request,
      '-CA',
      made.ca.cert,
      '-CAkey',
      made.ca.key,
      '-CAcreateserial',
      '-days',
      days,
      '-extfile',
      extensionFile,
      '-out',
      pair.cert,
    ]);
  };
  sign(
    made.server,
    `/CN=${SERVER_NAME}`,
    `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth,clientAuth\nsubjectAltName=DNS:${SERVER_NAME},DNS:localhost,IP:127.0.0.1\n`,
  );
  sign(made.client, '/CN=toolgate', 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\n');
  return made;
}
