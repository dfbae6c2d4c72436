import net from 'node:net';

/**
 * Servers that fail the way real ones do when they are down or broken, on loopback: a port nobody listens on, one
 * that accepts and never answers, one that resets every connection, one that answers something that is not HTTP.
 * Each records its connections, so a test can count the attempts made.
 */
export interface BrokenServer {
  readonly port: number;
  readonly base: string;
  connections: number;
  stop(): Promise<void>;
}

type Behaviour = 'silent' | 'reset' | 'not-http';

export async function brokenServer(behaviour: Behaviour): Promise<BrokenServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    broken.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (behaviour === 'reset') socket.resetAndDestroy();
    else if (behaviour === 'not-http') socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const broken: BrokenServer = {
    port,
    base: `http://127.0.0.1:${port}`,
    connections: 0,
    stop: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return broken;
}

/** A loopback port nothing listens on (it was free a moment ago): connections to it are refused. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A host name that resolves nowhere (RFC 6761 reserves .invalid). */
export const NO_SUCH_HOST = 'no-such-host.invalid';
