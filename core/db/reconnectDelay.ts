/**
 * How long a lost PostgreSQL connection of our own (a LISTEN feed, the claim owner's lock) waits before its next try:
 * 250 ms doubling to at most 5 s, so a restart is rejoined within seconds without hammering a server that is down.
 */
export const reconnectDelayMs = (attempt: number): number => Math.min(5000, 250 * 2 ** attempt);
