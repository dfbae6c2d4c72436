import { ensureX402Paywall } from './services/x402Paywall';

const HELP = `Usage: npm run paywall-page [-- --help]

Installs the x402 paywall page (@x402/paywall, the version pinned in core/x402/paywallBundle.ts) into .tools/, as
npm start and npm test do when it is missing: its tarball alone, fetched with npm pack and checked against the pinned
integrity. It is no dependency of the project: its bundles need nothing at run time, and as a dependency it would
bring some 270 wallet packages into node_modules. Without it a browser that opens a paid GET endpoint gets the JSON 402.`;

function main(): void {
  if (process.argv.includes('--help') || process.argv.includes('-h')) return console.log(HELP);
  console.log(ensureX402Paywall((line) => console.log(`▸ ${line}`)));
}

try {
  main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
