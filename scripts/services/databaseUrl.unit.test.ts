import pg from 'pg';
import { localDatabaseUrl, withDatabase } from './databaseUrl';

/** How pg itself reads a connection string (no connection is made). */
function parsed(url: string) {
  const client = new pg.Client({ connectionString: url });
  return { host: client.host, port: client.port, database: client.database, user: client.user, password: client.password };
}

describe('connection strings of the local cluster', () => {
  it('reaches the cluster through its socket folder when it has one, with the same credentials and port', () => {
    const url = localDatabaseUrl({ user: 'toolgate', password: 'p@ss', port: 54329, socketDir: '/work/app/.data/postgres', database: 'toolgate' });
    expect(parsed(url)).toMatchObject({ host: '/work/app/.data/postgres', port: 54329, database: 'toolgate', user: 'toolgate', password: 'p@ss' });
  });

  it('falls back to loopback TCP without a socket folder, or when its path is too long for a Unix socket', () => {
    const tcp = { host: '127.0.0.1', port: 54329, database: 'toolgate' };
    expect(parsed(localDatabaseUrl({ user: 'u', password: 'p', port: 54329, socketDir: null, database: 'toolgate' }))).toMatchObject(tcp);
    const deep = `/${'d'.repeat(120)}`;
    expect(parsed(localDatabaseUrl({ user: 'u', password: 'p', port: 54329, socketDir: deep, database: 'toolgate' }))).toMatchObject(tcp);
  });

  it('names another database on the same server, keeping a socket folder given in the query', () => {
    const socket = localDatabaseUrl({ user: 'u', password: 'p', port: 5432, socketDir: '/run/pg', database: 'main' });
    expect(parsed(withDatabase(socket, 'tests_1'))).toMatchObject({ host: '/run/pg', port: 5432, database: 'tests_1' });
    expect(withDatabase('postgres://u:p@db.example:5432/main', 'bench')).toBe('postgres://u:p@db.example:5432/bench');
    expect(withDatabase('postgres://u:p@db.example/main?sslmode=require', 'bench')).toBe('postgres://u:p@db.example/bench?sslmode=require');
  });
});
