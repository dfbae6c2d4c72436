/** What a catalogue discovery run (workflows/catalog/catalogDiscovery.ts) and its activities hand each other. */

export interface DiscoveryRequest {
  readonly discoveryId: string;
  readonly sourceUrl: string;
  readonly limit?: number;
  readonly probe: boolean;
}

export interface DiscoveryBatch {
  readonly discoveryId: string;
  readonly offset: number;
  readonly count: number;
  readonly probe: boolean;
}

export interface DiscoveryCounts {
  readonly processed: number;
  readonly added: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly failed: number;
}

/** The `progress` query's answer, and the workflow's result. */
export interface DiscoveryProgress extends DiscoveryCounts {
  readonly discovery_id: string;
  readonly source_url: string;
  readonly phase: 'reading' | 'importing' | 'done';
  readonly total: number;
}
