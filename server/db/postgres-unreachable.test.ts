import net from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postgresDatabase } from './postgres.ts';
import { asDatabaseUnreachable, isStorageFailure, StorageFailureError } from './storage-errors.ts';

/*
 * A PostgreSQL server that cannot be reached: the query fails as a StorageFailureError, which a
 * request answers with 503, Retry-After and a plain message (server/app/api.ts), not 500; and a
 * server that takes the connection but never answers fails the query after 10 s instead of
 * holding the request for the system's TCP timeout. No PostgreSQL is needed: the servers here are
 * plain sockets.
 */

const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();

afterEach(async () => {
  vi.useRealTimers();
  sockets.forEach((socket) => socket.destroy());
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A socket server on 127.0.0.1 that does what it is given with each connection: its port, and how many connections it had. */
async function socketServer(onConnection: (socket: net.Socket) => void): Promise<{ port: number; connections: () => number }> {
  let count = 0;
  const server = net.createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { port: (server.address() as net.AddressInfo).port, connections: () => count };
}

/** A port nothing listens on: one a server had and let go. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const urlAt = (port: number) => `postgres://forecourt:secret@127.0.0.1:${port}/forecourt`;

async function failureOf(query: Promise<unknown>): Promise<unknown> {
  return query.then(
    () => {
      throw new Error('the query answered');
    },
    (error: unknown) => error,
  );
}

describe('a PostgreSQL server that cannot be reached', () => {
  it('refusing the connection: the query fails as the database unreachable, naming the cause', async () => {
    const db = await postgresDatabase(urlAt(await closedPort()), { max: 1 });
    try {
      const error = await failureOf(sql`select 1`.execute(db));
      expect(error).toBeInstanceOf(StorageFailureError);
      expect(isStorageFailure(error)).toBe(true);
      expect((error as Error).message).toMatch(/^The database cannot be reached: .*ECONNREFUSED/);
    } finally {
      await db.destroy();
    }
  });

  it('closing the connection as it opens (a server shutting down): the same', async () => {
    const { port } = await socketServer((socket) => socket.destroy());
    const db = await postgresDatabase(urlAt(port), { max: 1 });
    try {
      const error = await failureOf(sql`select 1`.execute(db));
      expect(error).toBeInstanceOf(StorageFailureError);
      expect((error as Error).message).toMatch(/^The database cannot be reached: /);
    } finally {
      await db.destroy();
    }
  });

  it('taking the connection and never answering: the query fails after 10 s, not before', async () => {
    const { port, connections } = await socketServer(() => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = await postgresDatabase(urlAt(port), { max: 1 });
    try {
      let settled = false;
      const failure = failureOf(sql`select 1`.execute(db)).finally(() => (settled = true));
      // The connection is made (a real socket); the wait for its answer is on the driven clock.
      await vi.waitFor(() => expect(connections()).toBe(1), { timeout: 5_000, interval: 10 });
      await vi.advanceTimersByTimeAsync(9_000);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      const error = await failure;
      expect(error).toBeInstanceOf(StorageFailureError);
      expect((error as Error).message).toMatch(/^The database cannot be reached: .*timeout/i);
    } finally {
      vi.useRealTimers();
      await db.destroy();
    }
  });

  it('an error of the query itself stays what it is (a bug, not an outage)', async () => {
    // Only the driver's connection errors become unreachable: a missing table is not one.
    const missing = Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' });
    expect(asDatabaseUnreachable(missing)).toBe(missing);
    const unique = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    expect(asDatabaseUnreachable(unique)).toBe(unique);
  });
});
