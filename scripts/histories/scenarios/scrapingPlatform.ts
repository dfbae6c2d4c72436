import http from 'node:http';
import { APIFY_TOKEN, listen } from './shared';

/**
 * A loopback server speaking the scraping platform's REST API (Apify v2) as the adapter uses it: an actor run succeeds
 * after two polls, `acme~failing` fails after two, `acme~slow` never finishes.
 */
export async function startScrapingPlatform(): Promise<{ url: string; stop(): Promise<void> }> {
  const runs: { id: string; actor: string; polls: number; aborted: boolean }[] = [];
  const dataOf = (run: (typeof runs)[number]) => {
    const status = run.aborted ? 'ABORTED' : run.actor === 'acme~slow' || run.polls < 2 ? 'RUNNING' : run.actor === 'acme~failing' ? 'FAILED' : 'SUCCEEDED';
    return {
      data: {
        id: run.id,
        actId: run.actor,
        status,
        statusMessage: status === 'FAILED' ? 'The actor crashed: input URL unreachable' : null,
        startedAt: '2025-01-01T00:00:00.000Z',
        finishedAt: status === 'RUNNING' ? null : '2025-01-01T00:00:09.000Z',
        defaultDatasetId: `ds-${run.id}`,
      },
    };
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://platform');
    const send = (status: number, body: unknown) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    request.resume();
    request.on('end', () => {
      if (request.headers.authorization !== `Bearer ${APIFY_TOKEN}`) return send(401, { error: { type: 'token-not-valid', message: 'not valid' } });
      const start = /^\/v2\/acts\/([^/]+)\/runs$/.exec(url.pathname);
      if (start && request.method === 'POST') {
        const run = { id: `run${runs.length + 1}`, actor: decodeURIComponent(start[1]!), polls: 0, aborted: false };
        runs.push(run);
        return send(201, dataOf(run));
      }
      const get = /^\/v2\/actor-runs\/([^/]+)(\/abort)?$/.exec(url.pathname);
      const run = get && runs.find((r) => r.id === get[1]);
      if (run && get?.[2]) {
        run.aborted = true;
        return send(200, dataOf(run));
      }
      if (run) {
        run.polls++;
        return send(200, dataOf(run));
      }
      if (/^\/v2\/datasets\/ds-[^/]+\/items$/.test(url.pathname)) return send(200, [{ title: 'Café A', totalScore: 4.6 }]);
      send(404, { error: { type: 'page-not-found', message: 'not here' } });
    });
  });
  return listen(server);
}
