import type pg from 'pg';

export type Row = Record<string, unknown>;

/** What a command needs to run SQL: the pool, or the client of an open transaction. */
export interface Sql {
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<pg.QueryResult<T>>;
}

export class Db implements Sql {
  constructor(
    readonly pool: pg.Pool,
    readonly kind: 'embedded' | 'postgres',
  ) {}

  query<T extends Row = Row>(text: string, params: unknown[] = []): Promise<pg.QueryResult<T>> {
    return this.pool.query<T>(text, params);
  }

  async one<T extends Row = Row>(text: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.pool.query<T>(text, params)).rows[0];
  }

  /** Runs `fn` in one transaction; any throw rolls everything back. */
  async tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }
}
