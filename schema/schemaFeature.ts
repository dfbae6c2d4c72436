import type { ToolDraft } from './registry/types';
import type { Setting } from './settings/setting';

/** A stream name from the ids it is made of: `<category>-<id>` (docs/architecture.md, "Streams"). */
export type StreamName = (...ids: string[]) => string;

/** A feature's settings, as docs/configuration.md shows them: a heading and the table (`… as const satisfies Record<string, Setting>`). */
export interface SettingGroup {
  readonly title: string;
  readonly settings: Readonly<Record<string, Setting>>;
}

/**
 * What a feature defines (docs/architecture.md, "Features"): its registry entries, in the order the catalogue lists
 * them, the streams its events go on and its settings (schema/config.ts gathers every feature's into Config). Its
 * events' data types reach EventMap through `events`, which is a type only: nothing is ever set there.
 */
export interface SchemaFeature {
  readonly tools: readonly ToolDraft[];
  readonly streams?: Readonly<Record<string, StreamName>>;
  readonly settings?: SettingGroup;
  readonly events?: object;
}

/**
 * A feature's definitions, typed: `schemaFeature<MemoryEvents>()({ tools: memoryTools, streams: { … } })`. The event map
 * is named as a type argument (the rest is inferred), so schema/events can intersect every feature's events.
 */
export function schemaFeature<Events extends object = Record<never, never>>() {
  return <const F extends Omit<SchemaFeature, 'events'>>(feature: F): F & { readonly events?: Events } => feature;
}

/** The members of every type of a union, as one type: how a feature list's contributions (events, streams …) are merged. */
export type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never;
