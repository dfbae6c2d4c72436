import type { FeatureName } from '../features';
import type { SettingKey } from '../config';
import type { Micros } from '../money';
import type { ModelNeed } from '../models';

/** A JSON Schema (draft 2020-12 subset ajv understands), kept as plain data so every view can derive from it. */
export type JsonSchema = { readonly [keyword: string]: unknown };

export type Category = 'text-ai' | 'data' | 'free' | 'account' | 'orchestration' | 'scraping' | 'catalog' | 'agents' | 'system';

/**
 * Where a tool's work runs. `local-activity`: quick CPU work in the worker that runs the workflow task
 * (no extra round trip through the server). `activity`: network or long work, queued, heartbeated, retried.
 * `inline`: free utilities with no money or state, answered by the API itself.
 */
export type Execution = 'local-activity' | 'activity' | 'inline';

/**
 * The feature an entry belongs to (schema/features.ts): its registry entries are the feature's family of tools, and
 * the feature's folders implement them: `activities/<feature>/` for tools (one file per tool, its test beside it),
 * `api/<feature>/` for endpoints the API answers itself, `workflows/orchestration/` for orchestration. Model tools with
 * no file of their own are implemented by their entry: the prompt and the output schema are what the model is given.
 */
export type Family = FeatureName;

/**
 * How a route speaks: the service's own JSON with `_meta` and its own events (`native`, the default), or a model
 * vendor's API format, so that vendor's official SDKs work unchanged: OpenAI's chat completions (`openai`) or
 * Anthropic's messages (`anthropic`). The call path is the same; only error bodies and streamed events differ (api/wire/).
 * `vendor`: a path both vendors' clients call (/v1/models), answered in Anthropic's format when the request carries an
 * `anthropic-version` header (as Anthropic's SDKs always do), else in OpenAI's; so is any other path under /v1/.
 */
export type WireFormat = 'native' | 'openai' | 'anthropic' | 'vendor';

/**
 * How an orchestration endpoint runs its steps (workflows/orchestration/): registry tools as steps (chain, pipeline,
 * batch, goal, agent, api-call), or a workflow of its own started as a child of the call (crawl: one activity per
 * page; actor: a scraping platform's run polled on a durable timer), so the call is still held and settled once.
 */
export type OrchestrationKind = 'chain' | 'pipeline' | 'batch' | 'goal' | 'agent' | 'crawl' | 'actor' | 'api-call' | 'custom-agent';

/**
 * Whether agents (/agent, /workflow) may use the tool: offered to them by default, only when the caller names it
 * (chat endpoints: the agent is one; the free demo; streamed twins), or never (endpoints that are not tools).
 */
export type AgentOffer = 'offered' | 'when-named' | 'never';

/** An entry as a family file writes it; the registry adds its family and the defaults of what it leaves out. */
export interface ToolDraft {
  /** Stable id, also the MCP tool name and the chain `action`: the path without its leading slash. */
  readonly name: string;
  /**
   * A short human name (`Sentiment analysis`), what a reader scans for in a tool list (MCP's `title`, the docs); the
   * registry derives one from the name where an entry gives none.
   */
  readonly title?: string;
  readonly path: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly category: Category;
  readonly summary: string;
  /** List price per call; 0 for free endpoints. */
  readonly price: Micros;
  /** Premium tools are outside the free tier: without a key they are paid with x402 (402), or refused (403) where x402 is off. */
  readonly premium: boolean;
  /** Counts against the free tier's daily AI calls when called without credentials. */
  readonly freeTier: boolean;
  readonly execution: Execution;
  /**
   * What model the tool needs: none, any (the offline `local` provider can serve it), a generative provider, or an
   * embedding model (schema/models/embeddingCatalogue.ts: a provider's, or the local one the workers run).
   */
  readonly model: 'none' | 'local-capable' | 'generative' | 'embedding';
  /** Canonical input; for GET tools, the query parameters. */
  readonly input: JsonSchema;
  readonly output: JsonSchema;
  /** Accepted alternative field names → canonical name (`content` → `text`). */
  readonly aliases?: Readonly<Record<string, string>>;
  /**
   * Who may call an inline endpoint: anyone, a key holder (401 without), an identity (a key or a wallet session), a
   * wallet session only, the operator (X-Admin-Token), or a key holder paying with x402 for their own key or the
   * operator (the handler tells them apart). Tools are paid instead.
   */
  readonly access?: 'open' | 'key' | 'identity' | 'session' | 'admin' | 'key-or-operator';
  /**
   * The tool acts as whoever pays (the owner of agents, memory, inboxes, tasks, listings): it needs a key or an x402
   * wallet, never the free tier or a free allowance, which name nobody.
   */
  readonly needsIdentity?: boolean;
  /**
   * An input field (USD) the call holds from a key's balance besides its price, reserved with the price under the
   * payer's lock and taken over by what the tool creates when it succeeds (a task's reward): a call the balance cannot
   * cover whole is refused before it runs, so concurrent calls never hold money for one that will be refused.
   */
  readonly holds?: string;
  /** The price is set by the marketplace listing the input names (`listing_id`), not by `price` (which is then 0). */
  readonly priceFrom?: 'listing';
  /**
   * The input field naming the registry tool this endpoint runs (/execute/{endpoint_id}, /async/submit's `tool`): a key
   * limited to some tools (allowed_tools) is judged by that tool, where its call is prepared, not by this endpoint.
   */
  readonly runsToolNamedBy?: string;
  /** The input field naming a catalogue entry, which must exist: an unknown one is a 404 before anything is held or paid. */
  readonly catalogEntryField?: 'id' | 'api_id';
  /**
   * Error statuses the endpoint answers beyond those derived for every operation (400, 401, 405, 429, 431, 500, 503;
   * with a body 409, 413, 415; with path parameters 404; paid 402; premium 403), e.g. 404 for a resource named in the body.
   */
  readonly errorStatuses?: readonly (402 | 403 | 404 | 409)[];
  /** The key may also travel as ?key= (only where the spec shows it: GET /api/usage and the webhook test). */
  readonly keyInQuery?: boolean;
  /**
   * How a key holder pays when X-Pricing says nothing: the flat `price` (default), or `metered` by tokens (reserve the
   * most the call can cost, settle what it used), with X-Pricing: flat to choose the flat price instead.
   */
  readonly defaultPricing?: 'flat' | 'metered';
  /**
   * The price is this setting (kind usd), read when the call is prepared; `price` is its default, shown in the docs. A
   * draft names it as text (a feature's settings are gathered from the features, which hold the drafts: typing it
   * here would make the settings depend on themselves); the registry checks it names a setting (ToolEntry).
   */
  readonly priceSetting?: string;
  readonly example?: Readonly<Record<string, unknown>>;
  /** What `auto` looks for when a model provider serves the tool; `fast` when not given. */
  readonly need?: ModelNeed;
  /** The instruction a model provider is given for this tool; the answer must fit `output` (JSON tools). */
  readonly prompt?: string;
  /** Answered as server-sent events: always (/stream/…), or when the input says `stream: true` (/chat). */
  readonly streaming?: 'always' | 'on-request';
  /** An input field the API fills with the caller's IP address when the caller leaves it out (/data/ip). */
  readonly clientIpInput?: string;
  /** A `url` in the input is fetched (through the outgoing-URL guard) and its readable text given to the tool as `text`. */
  readonly readsUrl?: boolean;
  /**
   * What a call changes besides its charge; absent: nothing (it reads or computes). It `adds` (registers, sends, posts:
   * a repeat adds again), `replaces` or `removes` what is there (a repeat changes nothing more), or may do `anything`
   * (it runs other registry tools, or passes the caller's request on to an outside API). Set on tools that run as
   * workflows, which agents and MCP hosts are offered.
   */
  readonly changes?: 'adds' | 'replaces' | 'removes' | 'anything';
  /**
   * It reaches the open internet for the caller: a page or URL the caller names, a search engine, a public data API,
   * DNS, the caller's own HTTPS endpoint (model providers do not count). A tool that `readsUrl` does, whether or not it
   * says so here.
   */
  readonly online?: boolean;
  /** Most tokens a model may answer with, which bounds what one flat-priced call can cost. */
  readonly maxOutputTokens?: number;
  /** Orchestration endpoints: the kind of plan they run (their steps are registry tools). */
  readonly orchestration?: OrchestrationKind;
  /** Default: `offered` for tools that run as workflows, `never` for inline endpoints and orchestration. */
  readonly agents?: AgentOffer;
  /** Offered as an MCP tool. Default: every tool that runs as a workflow and answers once (not always-streaming). */
  readonly mcp?: boolean;
  /** The media type of an answer that is not JSON (a page, a script); by default from the path (.txt, .xml) or HTML. */
  readonly contentType?: string;
  /**
   * Every media type an answer that is not JSON may have, where it is the served thing's own (a stored file is served
   * with the type read from its bytes): the OpenAPI document lists each.
   */
  readonly contentTypes?: readonly string[];
  /** The API format the route speaks (`native` when absent). */
  readonly wire?: WireFormat;
  /** How a POST body is read: JSON (the default), or a file (multipart/form-data, or JSON with base64 content) whose bytes stay out of `input`. */
  readonly body?: 'json' | 'file';
  /** Settings a third-party service needs (its token): unset, the call is refused with 503 naming the variable, before anything is held. */
  readonly requires?: readonly string[];
}

export interface ToolEntry extends Omit<ToolDraft, 'priceSetting' | 'requires'> {
  readonly priceSetting?: SettingKey;
  readonly requires?: readonly SettingKey[];
  readonly title: string;
  readonly family: Family;
  readonly agents: AgentOffer;
  readonly mcp: boolean;
}

/** A tool that runs as a workflow (everything but the endpoints the API answers itself). */
export type WorkflowToolEntry = ToolEntry & { readonly execution: 'local-activity' | 'activity' };
