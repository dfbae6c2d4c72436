import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LintMessage } from './proseLinter';

import type { LocalLinter } from 'harper.js';

// The slim build: the same rules and dictionary without what only the editor integrations use.
const WASM = 'harper_wasm_slim_bg.wasm';

/**
 * harper.js ships its WASM beside its ES module and finds it through import.meta.url, which this CommonJS code does
 * not have, and its package exports hide package.json: the file is looked for where Node would look for the package.
 */
function wasmUrl(): string {
  for (const dir of require.resolve.paths('harper.js') ?? []) {
    const file = path.join(dir, 'harper.js', 'dist', WASM);
    if (existsSync(file)) return pathToFileURL(file).href;
  }
  throw new Error(`harper.js is not installed: ${WASM} not found`);
}

let linter: Promise<LocalLinter> | undefined;

/** One Harper linter per process, built on first use: its dictionary and rules take about a second to load. */
function harper(): Promise<LocalLinter> {
  linter ??= (async () => {
    const { LocalLinter, createBinaryModuleFromUrl, Dialect } = await import('harper.js');
    const local = new LocalLinter({ binary: createBinaryModuleFromUrl(wasmUrl(), 'slim'), dialect: Dialect.American });
    await local.setup();
    return local;
  })();
  return linter;
}

/**
 * Harper (Automattic's grammar checker, Rust compiled to WebAssembly, run in-process and offline): agreement,
 * commonly confused words, a/an, repeated words, capitals, spelling with suggestions. Its offsets count UTF-16 units,
 * as JavaScript strings do.
 */
export async function lintWithHarper(text: string): Promise<LintMessage[]> {
  const lints = await (await harper()).lint(text, { language: 'plaintext' });
  return lints.map((lint) => {
    const span = lint.span();
    const { start, end } = span;
    const message: LintMessage = {
      source: 'harper',
      rule: lint.lint_kind(),
      message: lint.message(),
      start,
      end,
      actual: text.slice(start, end),
      expected: lint.suggestions().map((s) => s.get_replacement_text()),
    };
    lint.free();
    return message;
  });
}
