/**
 * The same server and credentials, another database. Connection strings may carry a socket folder in
 * their query (`?host=/path`), so only the path before the query names the database.
 */
export function withDatabase(url: string, database: string): string {
  const queryAt = url.indexOf('?');
  const [base, query] = queryAt === -1 ? [url, ''] : [url.slice(0, queryAt), url.slice(queryAt)];
  return `${base.replace(/\/[^/]*$/, '')}/${encodeURIComponent(database)}${query}`;
}

/** Longest Unix socket path the kernel accepts (sun_path is 108 bytes with its terminating zero). */
const MAX_SOCKET_PATH = 107;

/**
 * A local cluster reached through its Unix socket: on this kind of machine a loopback TCP round trip costs
 * about twice as much, and a paid call makes some twenty of them.
 */
export function localDatabaseUrl(options: { user: string; password: string; port: number; socketDir: string | null; database: string }): string {
  const { user, password, port, socketDir, database } = options;
  const credentials = `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
  const socket = socketDir ? `${socketDir}/.s.PGSQL.${port}` : null;
  if (!socketDir || !socket || socket.length > MAX_SOCKET_PATH) return `postgres://${credentials}@127.0.0.1:${port}/${database}`;
  return `postgres://${credentials}@/${database}?host=${encodeURIComponent(socketDir)}&port=${port}`;
}
