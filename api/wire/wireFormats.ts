import { registry, type ToolEntry, type WireFormat as WireFormatName } from '../../schema/registry';
import { anthropicWire } from './anthropicWire';
import { nativeWire } from './nativeWire';
import { openAiWire } from './openAiWire';
import type { WireFormat } from './wireFormat';

export type { CallStreamWriter, WireError, WireFormat, StreamStart } from './wireFormat';

const formats: Readonly<Record<WireFormatName, WireFormat>> = { native: nativeWire, openai: openAiWire, anthropic: anthropicWire };

/** The format an entry's route speaks (registry `wire`). */
export function wireFormatOf(entry: Pick<ToolEntry, 'wire'>): WireFormat {
  return formats[entry.wire ?? 'native'];
}

const byPath = new Map(registry.filter((e) => e.wire && e.wire !== 'native').map((e) => [e.path, formats[e.wire!]]));

/** The format of the route at a path, for errors raised before (or outside) its route: a bad key, a rate limit. */
export function wireFormatAt(path: string): WireFormat {
  return byPath.get(path) ?? nativeWire;
}
