/**
 * V8 settings for an API process without an embedded worker. Its CPU per call is small (4–7 ms) and its memory is
 * what decides how many replicas fit a machine: a young generation of 2 MiB a half (V8's default grows to 16) and an
 * old generation grown 20% at a time (by default V8 lets it grow several times over before a full collection) hold
 * it near 120 MiB under 64 callers instead of 180–220, for about 1 ms more CPU per call (measured on the 2-core
 * development machine; docs/capacity.md). docker-compose.yml writes the same flags in its api command.
 */
export const API_ALONE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2', '--heap-growing-percent=20'];

/**
 * V8 settings for an API process with its embedded worker: it runs the calls' workflows and tools as well as HTTP,
 * so its young generation fills fast. On V8's defaults its RSS sawed between 575 and 836 MiB through a soak at 20
 * operations a second and rose window after window in the bench (592 → 774): no leak — its main heap held 103 MiB live
 * at warm-up and at the end (heap snapshots) — but a heap V8 saw no reason to collect while the process had gigabytes
 * to grow into. The old generation grown 20% at a time keeps that in check; the young generation stays at V8's 16 MiB a
 * half: with 4 (the standalone worker's) it spent 18% more CPU per call, scavenging every few calls (16.1 → 13.1 ms at
 * 16 callers, alternated in one run of npm run bench -- --variants), for no less memory at peak (434 against 424 MiB).
 */
export const EMBEDDED_API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16', '--heap-growing-percent=20'];

/** The flags an API process starts with: those above with its embedded worker, the API-alone ones without. */
export function apiNodeFlags(embeddedWorker: boolean): string[] {
  return embeddedWorker ? [...EMBEDDED_API_NODE_FLAGS] : [...API_ALONE_NODE_FLAGS];
}

/**
 * V8 settings for a standalone worker. It runs every workflow and activity of the calls the API alone starts, and its
 * heap grew to 380–520 MiB at peak under 64 callers with V8's defaults; with a young generation of 4 MiB a half and
 * the old generation grown 20% at a time it stays at 272–281 MiB, with no CPU cost per call the measurements could
 * tell from their noise (11.9–12.2 ms against 11.5–15.1; docs/capacity.md). docker-compose.yml's worker command
 * writes the same flags.
 */
export const WORKER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=20'];

/**
 * Environment for a standalone worker's process. What rose in its RSS through a soak was native memory, not V8's:
 * glibc's malloc gives threads that allocate at once arenas of their own (up to 8 per core), and the Temporal SDK
 * core's, libuv's and the embedding model's threads spread their allocations over them, each arena keeping what it
 * freed. A 10-minute soak at 10 operations/s: 405 MiB at 10 s, 431 after warm-up, 446 at the end (peak 455), its
 * V8 heap flat throughout (in use 70–86 MiB, committed 97); with two arenas 349, 357, 366 (a peak of 387 in a burst),
 * CPU per call unchanged (17.7 ms against 17.8). npm run bench -- --soak; docs/capacity.md. docker-compose.yml's
 * worker sets the same; musl (Alpine) ignores it.
 */
export const WORKER_PROCESS_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** The environment an API process starts with: with its embedded worker (the same SDK core threads), the worker's. */
export function apiProcessEnv(embeddedWorker: boolean): Record<string, string> {
  return embeddedWorker ? { ...WORKER_PROCESS_ENV } : {};
}
