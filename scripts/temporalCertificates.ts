import path from 'node:path';
import { ensureCertificates, SERVER_NAME } from './services/certificates';

const HELP = `Usage: npm run temporal-certs -- <folder> [--fresh] [--help]

Makes what a Temporal with TLS needs, once, in <folder>: a private CA (ca.pem, ca.key), the server's certificate for
${SERVER_NAME}, localhost and 127.0.0.1 (server.pem, server.key: also presented between its services) and a client
certificate for mTLS (client.pem, client.key). Kept when present; --fresh makes a new CA and certificates. The
production server of \`npm start -- --temporal=production\` and docker-compose's Temporal use these.
Clients then set TEMPORAL_TLS_SERVER_CA_CERT_PATH=<folder>/ca.pem, TEMPORAL_TLS_SERVER_NAME=${SERVER_NAME},
TEMPORAL_TLS_CLIENT_CERT_PATH=<folder>/client.pem and TEMPORAL_TLS_CLIENT_KEY_PATH=<folder>/client.key.`;

function main(): number {
  const args = process.argv.slice(2);
  const folder = args.find((arg) => !arg.startsWith('-'));
  if (!folder || args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return folder ? 0 : 1;
  }
  const made = ensureCertificates(path.resolve(folder), (line) => console.log(line), { fresh: args.includes('--fresh') });
  console.log(`certificates in ${made.dir}: ca.pem, server.pem/.key (${made.serverName}), client.pem/.key`);
  return 0;
}

process.exit(main());
