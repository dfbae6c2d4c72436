import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError } from '../config/loadConfig';
import { localServerAddresses, probeLocalServers } from './probeLocalServers';

/** A loopback server answering GET /v1/models as given (or never, for `hang`). */
async function serverAnswering(answer: { status: number; body: string } | 'hang'): Promise<{ baseUrl: string; server: Server }> {
  const server = createServer((req, res) => {
    if (answer === 'hang') return;
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}

describe('the local model server probe', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  const start = async (answer: Parameters<typeof serverAnswering>[0]) => {
    const started = await serverAnswering(answer);
    servers.push(started.server);
    return started.baseUrl;
  };

  it('reads ports as loopback OpenAI-compatible addresses and keeps base URLs, refusing anything else at start', () => {
    expect(localServerAddresses(['11434', 'http://gpu-box:8000/v1/'])).toEqual(['http://127.0.0.1:11434/v1', 'http://gpu-box:8000/v1']);
    expect(() => localServerAddresses(['70000'])).toThrow(ConfigError);
    expect(() => localServerAddresses(['ollama'])).toThrow(ConfigError);
    expect(() => localServerAddresses(['ftp://127.0.0.1:1234'])).toThrow(ConfigError);
  });

  it('lists the models of the servers that answer GET /models, and nothing from one that errs, hangs past the time-out or speaks another format', async () => {
    const ollama = await start({
      status: 200,
      body: JSON.stringify({ object: 'list', data: [{ id: 'llama3.2:3b', object: 'model', owned_by: 'library' }, { id: 'phi4' }, { name: 'no id' }] }),
    });
    const broken = await start({ status: 500, body: '{"error":"loading"}' });
    const html = await start({ status: 200, body: '<html>a web app on 8080</html>' });
    const other = await start({ status: 200, body: JSON.stringify({ models: ['llama3.2:3b'] }) });
    const hung = await start('hang');
    // The time-out only has to outlast a loopback answer on a busy machine (300 ms did not, once, beside the whole
    // suite): the hung server never answers, whatever it is.
    const found = await probeLocalServers([broken, ollama, html, other, hung], 3000);
    expect(found).toEqual([
      { id: 'llama3.2:3b', baseUrl: ollama, ownedBy: 'library' },
      { id: 'phi4', baseUrl: ollama, ownedBy: 'unknown' },
    ]);
  });
});
