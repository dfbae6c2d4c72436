import { existsSync } from 'node:fs';
import { installDebianPackages } from './debianPackages';
import type { Say } from './processes';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium /data/screenshot drives: Debian's package, installed when missing (as PostgreSQL is). A missing
 * browser is not fatal: the service starts, and /data/screenshot answers 503 naming CHROMIUM_PATH.
 */
export function ensureChromium(chromiumPath: string, say: Say): void {
  if (existsSync(chromiumPath)) return;
  if (chromiumPath !== DEBIAN_CHROMIUM) {
    say(`CHROMIUM_PATH=${chromiumPath} does not exist: /data/screenshot will answer 503 until it does`);
    return;
  }
  say("Chromium not found: installing Debian's chromium package (for /data/screenshot)");
  if (!installDebianPackages(['chromium'], say) || !existsSync(chromiumPath)) {
    say('could not install chromium (needs root or sudo): /data/screenshot will answer 503 until it is installed');
  }
}
