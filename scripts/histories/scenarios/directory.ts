import http from 'node:http';
import { listen } from './shared';

/** A catalogue directory on loopback: one API whose OpenAPI document names a server that answers. */
export async function startDirectory(): Promise<{ url: string; stop(): Promise<void> }> {
  let base = '';
  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    request.resume();
    request.on('end', () => {
      switch (new URL(request.url ?? '/', 'http://x').pathname) {
        case '/list.json':
          return send(200, {
            'histories.test': {
              preferred: '1',
              versions: { '1': { info: { title: 'Histories' }, updated: '2025-02-01T00:00:00Z', swaggerUrl: `${base}/spec.json` } },
            },
          });
        case '/spec.json':
          return send(200, { openapi: '3.0.0', info: { title: 'Histories', description: 'A test API.' }, servers: [{ url: `${base}/api` }] });
        case '/api':
          return send(200, { ok: true });
        default:
          return send(404, { error: 'not found' });
      }
    });
  });
  const listening = await listen(server);
  base = listening.url;
  return listening;
}
