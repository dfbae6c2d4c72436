import http from 'node:http';
import type net from 'node:net';

/**
 * A JSON-RPC endpoint in front of a real chain's that can go down the way a node does: from a given method on (the
 * method itself forwarded or not), every request's connection is dropped until `open()`. It counts what it dropped.
 */
export interface RpcGate {
  readonly url: string;
  dropped: number;
  /** Drop `method` and everything after it. */
  closeAt(method: string): void;
  /** Forward `method` once, then drop everything after it (a transfer sent whose receipt is never seen). */
  closeAfter(method: string): void;
  open(): void;
  stop(): Promise<void>;
}

export async function startRpcGate(target: string): Promise<RpcGate> {
  let trigger: { method: string; forward: boolean } | null = null;
  let closed = false;
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const methods = methodsOf(body);
      const hit = trigger !== null && methods.includes(trigger.method);
      const forward = hit ? trigger!.forward : !closed;
      if (hit) {
        trigger = null;
        closed = true;
      }
      if (!forward) {
        gate.dropped++;
        req.socket.destroy();
        return;
      }
      fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }).then(
        async (answer) => {
          res.writeHead(answer.status, { 'Content-Type': 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        },
        () => req.socket.destroy(),
      );
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const gate: RpcGate = {
    url: `http://127.0.0.1:${port}`,
    dropped: 0,
    closeAt: (method) => void (trigger = { method, forward: false }),
    closeAfter: (method) => void (trigger = { method, forward: true }),
    open: () => {
      trigger = null;
      closed = false;
    },
    stop: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return gate;
}

function methodsOf(body: Buffer): string[] {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { method?: string } | { method?: string }[];
    return (Array.isArray(parsed) ? parsed : [parsed]).map((call) => call.method ?? '');
  } catch {
    return [];
  }
}
