import type { ApplicationFailure } from '@temporalio/activity';
import { invalidInput, toolUnavailable, upstreamFailure } from '../../../core/calls/callFailures';

/** A run as Apify's REST API (v2) describes it, reduced to what the workflow needs. */
export interface ActorRunState {
  readonly runId: string;
  readonly status: string;
  readonly statusMessage: string | null;
  readonly datasetId: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
}

export interface DatasetPage {
  readonly items: Record<string, unknown>[];
  /** Items the dataset holds in all (X-Apify-Pagination-Total), which may be more than were read. */
  readonly total: number;
}

/** Statuses after which a run changes no more. */
export const FINISHED_STATUSES: readonly string[] = ['SUCCEEDED', 'FAILED', 'ABORTED', 'TIMED-OUT'];

export interface ApifyClient {
  startRun(actorId: string, input: Record<string, unknown>, options: { timeoutSeconds: number; maxItems: number }): Promise<ActorRunState>;
  getRun(runId: string): Promise<ActorRunState>;
  abortRun(runId: string): Promise<ActorRunState>;
  readDataset(datasetId: string, limit: number): Promise<DatasetPage>;
}

export interface ApifySettings {
  readonly baseUrl: string;
  readonly token: string;
  readonly requestTimeoutMs?: number;
}

/**
 * The one adapter to the scraping-actor platform (Apify API v2): start a run, read it, abort it, read its default
 * dataset. Its address is the operator's setting (APIFY_BASE_URL), not a caller's, so it is reached directly like a
 * model provider. The platform's errors become the call's: bad input or an unknown actor 400, a refused token or
 * an account out of credit 503 naming APIFY_TOKEN (both refunded), rate limits and 5xx retried.
 */
export function createApifyClient(settings: ApifySettings): ApifyClient {
  const api = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl}/v2${path}`, {
        method,
        headers: { authorization: `Bearer ${settings.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(settings.requestTimeoutMs ?? 30_000),
      });
    } catch (error) {
      throw upstreamFailure(`the scraping platform could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) throw await platformError(response);
    return response;
  };
  const run = async (response: Response): Promise<ActorRunState> => runState(((await response.json()) as { data?: RawRun }).data);

  return {
    startRun: async (actorId, input, { timeoutSeconds, maxItems }) =>
      run(await api('POST', `/acts/${encodeURIComponent(actorPathId(actorId))}/runs?timeout=${timeoutSeconds}&maxItems=${maxItems}`, input)),
    getRun: async (runId) => run(await api('GET', `/actor-runs/${encodeURIComponent(runId)}`)),
    abortRun: async (runId) => run(await api('POST', `/actor-runs/${encodeURIComponent(runId)}/abort`)),
    async readDataset(datasetId, limit) {
      const response = await api('GET', `/datasets/${encodeURIComponent(datasetId)}/items?format=json&clean=true&limit=${limit}`);
      const items = (await response.json()) as unknown;
      if (!Array.isArray(items)) throw upstreamFailure('the scraping platform answered a dataset that is not a list');
      const total = Number(response.headers.get('x-apify-pagination-total') ?? items.length);
      return {
        items: items.filter((i): i is Record<string, unknown> => typeof i === 'object' && i !== null),
        total: Number.isFinite(total) ? total : items.length,
      };
    },
  };
}

/** "user/actor" as callers often write it is "user~actor" in the API's paths. */
export function actorPathId(actorId: string): string {
  return actorId.replace('/', '~');
}

interface RawRun {
  id?: string;
  status?: string;
  statusMessage?: string | null;
  defaultDatasetId?: string;
  startedAt?: string | null;
  finishedAt?: string | null;
}

function runState(data: RawRun | undefined): ActorRunState {
  if (!data?.id || !data.status) throw upstreamFailure('the scraping platform answered a run without id or status');
  return {
    runId: data.id,
    status: data.status,
    statusMessage: data.statusMessage ?? null,
    datasetId: data.defaultDatasetId ?? '',
    startedAt: data.startedAt ?? null,
    finishedAt: data.finishedAt ?? null,
  };
}

async function platformError(response: Response): Promise<ApplicationFailure> {
  const text = await response.text().catch(() => '');
  let detail = text.slice(0, 300);
  try {
    const error = (JSON.parse(text) as { error?: { type?: string; message?: string } }).error;
    if (error) detail = [error.type, error.message].filter(Boolean).join(': ');
  } catch {
    // not JSON: keep the text
  }
  const message = `the scraping platform answered HTTP ${response.status}${detail ? ` (${detail})` : ''}`;
  if (response.status === 400 || response.status === 404) return invalidInput(message, 'Check the actor id and its input on the platform.');
  if (response.status === 401 || response.status === 402 || response.status === 403) {
    return toolUnavailable(message, 'The operator checks APIFY_TOKEN and the platform account (its credit). The call was not charged.', ['APIFY_TOKEN']);
  }
  return upstreamFailure(message);
}
