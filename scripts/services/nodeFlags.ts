/**
 * V8 settings for an API process without an embedded worker. Its CPU per call is small (4–7 ms) and its memory is
 * what decides how many replicas fit a machine: a young generation of 2 MiB a half (V8's default grows to 16) and an
 * old generation grown 20% at a time (by default V8 lets it grow several times over before a full collection) hold
 * it near 120 MiB under 64 callers instead of 180–220, for about 1 ms more CPU per call (measured on the 2-core
 * development machine; docs/capacity.md). docker-compose.yml writes the same flags in its api command.
 */
export const API_ALONE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2', '--heap-growing-percent=20'];

/** The flags an API process starts with: none when it runs the worker too (its CPU, not its memory, is what counts then). */
export function apiNodeFlags(embeddedWorker: boolean): string[] {
  return embeddedWorker ? [] : [...API_ALONE_NODE_FLAGS];
}

/**
 * V8 settings for a standalone worker. It runs every workflow and activity of the calls the API alone starts, and its
 * heap grew to 380–520 MiB at peak under 64 callers with V8's defaults; with a young generation of 4 MiB a half and
 * the old generation grown 20% at a time it stays at 272–281 MiB, with no CPU cost per call the measurements could
 * tell from their noise (11.9–12.2 ms against 11.5–15.1; docs/capacity.md). docker-compose.yml's worker command
 * writes the same flags.
 */
export const WORKER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=20'];
