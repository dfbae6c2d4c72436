/** Free-tier use on `freetier-<ip>-<yyyy-mm-dd>` streams (one stream a client IP a UTC day). */
export interface FreeTierEvents {
  FreeCallUsed: { ip: string; day: string; callId: string; tool: string };
  /** The call failed, so it does not count against the day. */
  FreeCallReturned: { ip: string; day: string; callId: string };
  FreeTierExhausted: { ip: string; day: string; limit: number };
}
