import type { IncomingHttpHeaders } from 'node:http';
import { registry, type ToolEntry, type WireFormat as WireFormatName } from '../../schema/registry';
import { anthropicWire } from './anthropicWire';
import { nativeWire } from './nativeWire';
import { openAiWire } from './openAiWire';
import type { WireFormat } from './wireFormat';

export type { CallStreamWriter, WireError, WireFormat, StreamStart } from './wireFormat';

const formats: Readonly<Record<Exclude<WireFormatName, 'vendor'>, WireFormat>> = { native: nativeWire, openai: openAiWire, anthropic: anthropicWire };

/** Anthropic's SDKs send `anthropic-version` on every request; OpenAI's never do. */
export function speaksAnthropic(headers: IncomingHttpHeaders): boolean {
  return headers['anthropic-version'] !== undefined;
}

/** The format an entry's route speaks (registry `wire`) to a request with these headers (a fixed format needs none). */
export function wireFormatOf(entry: Pick<ToolEntry, 'wire'>, headers: IncomingHttpHeaders = {}): WireFormat {
  const wire = entry.wire ?? 'native';
  if (wire === 'vendor') return speaksAnthropic(headers) ? anthropicWire : openAiWire;
  return formats[wire];
}

const byPath = new Map(registry.filter((e) => e.wire === 'openai' || e.wire === 'anthropic').map((e) => [e.path, e]));

/**
 * The format at a path, for errors raised before (or outside) its route: a bad key, a rate limit, an unknown path.
 * A route of one vendor's speaks that vendor's; anything else under /v1/ (GET /v1/models, an unknown path) the
 * vendor's whose client asks (`vendor`).
 */
export function wireFormatAt(path: string, headers: IncomingHttpHeaders): WireFormat {
  const entry = byPath.get(path) ?? (path.startsWith('/v1/') ? { wire: 'vendor' as const } : undefined);
  return wireFormatOf(entry ?? {}, headers);
}
