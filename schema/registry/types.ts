import type { Micros } from '../money';
import type { ModelNeed } from '../models';

/** A JSON Schema (draft 2020-12 subset ajv understands), kept as plain data so every view can derive from it. */
export type JsonSchema = { readonly [keyword: string]: unknown };

export type Category = 'text-ai' | 'data' | 'free' | 'account' | 'orchestration' | 'scraping' | 'agents' | 'system';

/**
 * Where a tool's work runs. `local-activity`: quick CPU work in the worker that runs the workflow task
 * (no extra round trip through the server). `activity`: network or long work, queued, heartbeated, retried.
 * `inline`: free utilities with no money or state, answered by the API itself.
 */
export type Execution = 'local-activity' | 'activity' | 'inline';

export interface ToolEntry {
  /** Stable id, also the MCP tool name and the chain `action`: the path without its leading slash. */
  readonly name: string;
  readonly path: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly category: Category;
  readonly summary: string;
  /** List price per call; 0 for free endpoints. */
  readonly price: Micros;
  /** Premium tools are outside the free tier (403 without a paid key). */
  readonly premium: boolean;
  /** Counts against the free tier's daily AI calls when called without credentials. */
  readonly freeTier: boolean;
  readonly execution: Execution;
  /** What model the tool needs: none, any (the offline `local` provider can serve it), or a generative provider. */
  readonly model: 'none' | 'local-capable' | 'generative';
  /** Canonical input; for GET tools, the query parameters. */
  readonly input: JsonSchema;
  readonly output: JsonSchema;
  /** Accepted alternative field names → canonical name (`content` → `text`). */
  readonly aliases?: Readonly<Record<string, string>>;
  /** Who may call an inline endpoint: anyone, a key holder (401 without), or the operator (X-Admin-Token). Tools are paid instead. */
  readonly access?: 'open' | 'key' | 'admin';
  readonly example?: Readonly<Record<string, unknown>>;
  /** What `auto` looks for when a model provider serves the tool; `fast` when not given. */
  readonly need?: ModelNeed;
  /** The instruction a model provider is given for this tool; the answer must fit `output` (JSON tools). */
  readonly prompt?: string;
  /** Answered as server-sent events: always (/stream/…), or when the input says `stream: true` (/chat). */
  readonly streaming?: 'always' | 'on-request';
  /** A `url` in the input is fetched (through the outgoing-URL guard) and its readable text given to the tool as `text`. */
  readonly readsUrl?: boolean;
  /** Most tokens a model may answer with, which bounds what one flat-priced call can cost. */
  readonly maxOutputTokens?: number;
}
