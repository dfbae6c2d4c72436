import { qualityScore } from './qualityScore';
import { type CatalogAuth, type CatalogHealth } from '../../schema/catalog/catalogListing';
import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface CatalogEntryRow {
  id: string;
  title: string;
  description: string;
  categories: string[];
  base_url: string | null;
  auth: CatalogAuth;
  docs_url: string | null;
  spec_url: string | null;
  licence: string | null;
  https: boolean;
  health: CatalogHealth;
  quality_score: number;
  source: string;
  source_updated: string | null;
  /** Lower-cased id, title, description and categories: what GET /catalog?q= searches. */
  search_text: string;
  /** When its words last changed (listed or revised; a health probe leaves it): the stamp its search vector carries. */
  described_at: Date;
  listed_at: Date;
  updated_at: Date;
}

type CatalogEvent = StoredEventOf<'CatalogEntryListed' | 'CatalogEntryRevised' | 'CatalogEntryProbed'>;

/** The catalogue as GET /catalog reads it. Async: nothing guards an invariant on it, and a seed is thousands of events. */
export const catalogEntries: Projection<CatalogEntryRow> = {
  name: 'catalog_entries',
  version: 2,
  mode: 'async',
  table: 'catalog_entries',
  columns: {
    id: 'text',
    title: 'text',
    description: 'text',
    categories: 'jsonb',
    base_url: 'text',
    auth: 'text',
    docs_url: 'text',
    spec_url: 'text',
    licence: 'text',
    https: 'boolean',
    health: 'text',
    quality_score: 'integer',
    source: 'text',
    source_updated: 'text',
    search_text: 'text',
    described_at: 'timestamptz',
    listed_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  key: ['id'],
  indexes: [['quality_score'], ['auth']],
  handles: ['CatalogEntryListed', 'CatalogEntryRevised', 'CatalogEntryProbed'],
  keysOf: (event) => {
    const e = event as CatalogEvent;
    return [{ id: e.type === 'CatalogEntryProbed' ? e.data.id : e.data.listing.id }];
  },
  initial: (key, event) => ({
    id: key.id as string,
    title: '',
    description: '',
    categories: [],
    base_url: null,
    auth: 'none',
    docs_url: null,
    spec_url: null,
    licence: null,
    https: false,
    health: 'unknown',
    quality_score: 0,
    source: '',
    source_updated: null,
    search_text: '',
    described_at: event.recordedAt,
    listed_at: event.recordedAt,
    updated_at: event.recordedAt,
  }),
  evolve(row, stored) {
    const event = stored as CatalogEvent;
    if (event.type === 'CatalogEntryProbed') {
      return { ...row, health: event.data.health, quality_score: scoreOf(row, event.data.health), updated_at: event.recordedAt };
    }
    const { listing } = event.data;
    const next: CatalogEntryRow = {
      ...row,
      title: listing.title,
      description: listing.description,
      categories: [...listing.categories],
      base_url: listing.baseUrl,
      auth: listing.auth,
      docs_url: listing.docsUrl,
      spec_url: listing.specUrl,
      licence: listing.licence,
      https: listing.baseUrl?.startsWith('https://') ?? false,
      source: listing.source,
      source_updated: listing.sourceUpdated,
      search_text: [listing.id, listing.title, listing.description, ...listing.categories].join(' ').toLowerCase(),
      described_at: event.recordedAt,
      updated_at: event.recordedAt,
    };
    return { ...next, quality_score: scoreOf(next, next.health) };
  },
};

function scoreOf(row: CatalogEntryRow, health: CatalogHealth): number {
  return qualityScore({ docsUrl: row.docs_url, description: row.description, baseUrl: row.base_url, auth: row.auth }, health);
}
