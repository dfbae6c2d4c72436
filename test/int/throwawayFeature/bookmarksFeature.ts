/**
 * A throwaway feature, `bookmarks`, that uses every slot a feature has (docs/architecture.md, "Adding a feature"):
 * registry entries (a paid tool and an inline read), events and a stream, settings, a projection, a table of its own
 * with its migration, a worker resource, a check before payment and a part in the settlement. Its sources, by path,
 * are written into a copy of the tree by throwawayFeature.int.test.ts; they are text here because they import the
 * tree's modules by the paths they would have there.
 */
export const BOOKMARKS_FEATURE: Readonly<Record<string, string>> = {
  'schema/bookmarks/bookmarkEvents.ts': `
export interface BookmarkEvents {
  BookmarkAdded: { bookmarkId: string; accountId: string; url: string; note: string; label: string };
}
`,
  'schema/bookmarks/bookmarkSettings.ts': `
import type { Setting } from '../settings/setting';

export const bookmarkSettings = {
  bookmarkNoteMax: { env: 'BOOKMARK_NOTE_MAX', kind: 'int', default: '40', doc: 'Longest note a bookmark keeps (longer ones are cut).' },
} as const satisfies Record<string, Setting>;
`,
  'schema/bookmarks/bookmarkTools.ts': `
import { micros, usdToMicros } from '../money';
import { object } from '../registry/fields';
import { paid } from '../registry/presets';
import type { ToolDraft } from '../registry/types';

export const bookmarkTools = [
  {
    ...paid,
    name: 'bookmarks/add',
    title: 'Add a bookmark',
    changes: 'adds',
    path: '/bookmarks/add',
    summary: 'Keep a link with a note',
    price: usdToMicros('0.002'),
    input: object({ url: { type: 'string', minLength: 1, maxLength: 2000 }, note: { type: 'string', maxLength: 2000 } }, ['url']),
    output: object({ bookmark_id: { type: 'string' }, note: { type: 'string' }, label: { type: 'string' } }, ['bookmark_id', 'note', 'label']),
    example: { url: 'https://example.com/', note: 'read later' },
  },
  {
    name: 'bookmarks/count',
    title: 'Count bookmarks',
    path: '/bookmarks/count',
    method: 'GET',
    summary: 'How many bookmarks were kept, and how many calls that kept one settled',
    price: micros(0),
    premium: false,
    freeTier: false,
    execution: 'inline',
    model: 'none',
    category: 'agents',
    access: 'open',
    input: object({}),
    output: object({ bookmarks: { type: 'integer' }, settled: { type: 'integer' } }, ['bookmarks', 'settled']),
  },
] as const satisfies readonly ToolDraft[];
`,
  'schema/bookmarks/feature.ts': `
import { schemaFeature } from '../schemaFeature';
import type { BookmarkEvents } from './bookmarkEvents';
import { bookmarkSettings } from './bookmarkSettings';
import { bookmarkTools } from './bookmarkTools';

export const feature = schemaFeature<BookmarkEvents>()({
  tools: bookmarkTools,
  streams: { bookmark: (accountId: string) => \`bookmark-\${accountId}\` },
  settings: { title: 'Bookmarks', settings: bookmarkSettings },
});
`,
  'core/bookmarks/bookmarksProjection.ts': `
import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface BookmarkRow {
  bookmark_id: string;
  account_id: string;
  url: string;
  note: string;
}

export const bookmarks: Projection<BookmarkRow> = {
  name: 'bookmarks',
  version: 1,
  mode: 'inline',
  table: 'bookmarks',
  columns: { bookmark_id: 'text', account_id: 'text', url: 'text', note: 'text' },
  key: ['bookmark_id'],
  indexes: [['account_id']],
  handles: ['BookmarkAdded'],
  keysOf: (event) => [{ bookmark_id: (event as StoredEventOf<'BookmarkAdded'>).data.bookmarkId }],
  initial: (key, event) => {
    const { data } = event as StoredEventOf<'BookmarkAdded'>;
    return { bookmark_id: key.bookmark_id as string, account_id: data.accountId, url: data.url, note: data.note };
  },
  evolve: (row) => row,
};
`,
  'core/bookmarks/migrations/0900_bookmark_settlements.ts': `
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql\`create table bookmark_settlements (call_id text primary key, settled_at timestamptz not null default now())\`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql\`drop table if exists bookmark_settlements\`.execute(db);
}
`,
  'core/bookmarks/feature.ts': `
import type { CoreFeature } from '../features';
import { bookmarks, type BookmarkRow } from './bookmarksProjection';
import * as bookmarkSettlements from './migrations/0900_bookmark_settlements';

declare module '../db/tables' {
  interface Tables {
    bookmarks: BookmarkRow;
    bookmark_settlements: { call_id: string; settled_at: Date | undefined };
  }
}

export const feature: CoreFeature = {
  projections: [bookmarks],
  migrations: { '0900_bookmark_settlements': bookmarkSettlements },
  // A call that kept a bookmark is counted in the transaction that settles it.
  onSettled: async (tx, { callId, tool }) => {
    if (tool === 'bookmarks/add') await tx.trx.insertInto('bookmark_settlements').values({ call_id: callId, settled_at: undefined }).execute();
  },
};
`,
  'activities/bookmarks/feature.ts': `
import type { ActivitiesFeature } from '../features';
import type { bookmarkTools as bookmarkEntries } from '../../schema/bookmarks/bookmarkTools';
import type { FamilyImplementations } from '../tools/toolImplementation';
import { stateTool } from '../tools/stateTool';
import type { ToolInput } from '../../schema/registry/toolInput';
import { applyOnce } from '../../core/calls/applyOnce';
import { event, streams } from '../../schema/events';

/** What the bookmark tool shares on a worker: a labeller made once from the worker's configuration. */
export interface BookmarkResources {
  readonly bookmarkLabeller: { readonly noteMax: number; label(url: string): string };
}

declare module '../features' {
  interface FeatureResources {
    bookmarks: BookmarkResources;
  }
}

const tools: FamilyImplementations<typeof bookmarkEntries> = {
  'bookmarks/add': stateTool<ToolInput<typeof bookmarkEntries, 'bookmarks/add'>>('bookmarks/add', (input, { scope, context }) =>
    applyOnce(context.deps.store, scope, async (tx, metadata) => {
      const accountId = context.payer?.id ?? 'nobody';
      const data = {
        bookmarkId: \`bm_\${scope.callId.slice(-12)}\`,
        accountId,
        url: input.url,
        note: (input.note ?? '').slice(0, context.deps.bookmarkLabeller.noteMax),
        label: context.deps.bookmarkLabeller.label(input.url),
      };
      await tx.append(streams.bookmark(accountId), [event('BookmarkAdded', data)], { metadata });
      return { bookmark_id: data.bookmarkId, note: data.note, label: data.label };
    }),
  ),
};

export const feature = {
  tools,
  resources: ({ config }) => ({
    bookmarkLabeller: { noteMax: config.bookmarkNoteMax, label: (url: string) => \`bookmark of \${new URL(url).hostname}\` },
  }),
} satisfies ActivitiesFeature;
`,
  'api/bookmarks/feature.ts': `
import type { ApiFeature } from '../features';
import { BadRequest } from '../errors/httpErrors';
import { type FamilyHandlers } from '../inline/inlineHandler';
import type { bookmarkTools } from '../../schema/bookmarks/bookmarkTools';
import { LIVE_SCHEMA } from '../../core/projections/liveSchema';

const handlers: FamilyHandlers<typeof bookmarkTools> = {
  'bookmarks/count': async (_input, { deps }) => {
    const kept = await deps.store.db.withSchema(LIVE_SCHEMA).selectFrom('bookmarks').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const settled = await deps.store.db.selectFrom('bookmark_settlements').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return { bookmarks: Number(kept.n), settled: Number(settled.n) };
  },
};

export const feature = {
  handlers,
  // Only https links are kept: any other is the caller's mistake, refused before anything is paid.
  beforePayment: ({ entry, input, docs }) => {
    if (entry.name === 'bookmarks/add' && !String(input.url).startsWith('https://')) {
      throw new BadRequest('url: a bookmark keeps https links only', 'Send an https:// URL.', docs).withCode('invalid_request');
    }
  },
} satisfies ApiFeature;
`,
};

/** The feature's line in schema/features.ts: an import and an entry, its only edit outside its folders. */
export function withBookmarksListed(featuresList: string): string {
  const listed = featuresList
    .replace(
      "import { feature as audit } from './audit/feature';",
      "import { feature as audit } from './audit/feature';\nimport { feature as bookmarks } from './bookmarks/feature';",
    )
    .replace('  audit,\n} as const;', '  audit,\n  bookmarks,\n} as const;');
  if (listed === featuresList || !listed.includes('  bookmarks,\n')) throw new Error('schema/features.ts no longer has the shape this test adds a line to');
  return listed;
}
