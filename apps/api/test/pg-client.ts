import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { freshPostgresDatabase, TEST_DATABASE_URL } from './helper.ts';

/**
 * A client connected to a new, empty PostgreSQL database of the server under test, for the whole describe block: the
 * database is dropped after it. Read `client()` inside the tests.
 */
export function freshPostgresClient(setup?: (client: pg.Client) => void): () => pg.Client {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | null = null;
  let client: pg.Client | null = null;
  beforeAll(async () => {
    database = await freshPostgresDatabase(TEST_DATABASE_URL ?? '');
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    setup?.(client);
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });
  return () => {
    if (!client) throw new Error('the database is not ready yet');
    return client;
  };
}
