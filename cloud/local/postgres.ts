/**
 * The local cloud on a PostgreSQL server (`DATABASE_URL`), for a developer who runs one: the same migrations and
 * policies as on PGlite. The connecting user must be able to create the API roles and `SET ROLE` to them (a
 * superuser, as on a fresh server). Values come back as PGlite gives them: json parsed, timestamps as Dates,
 * bigint counts as numbers.
 */
import pg from 'pg';
import type { QueryResult, SqlEngine } from './database';

// int8 (count(*), sums of sizes): numbers, as PGlite answers them; a library never nears 2^53 bytes or rows.
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)),
};

async function answer<T>(pending: Promise<pg.QueryResult>): Promise<QueryResult<T>> {
  const result = await pending;
  return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
}

export async function openPostgres(databaseUrl: string): Promise<SqlEngine> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types });
  // Fail at start, with the server's reason, rather than at the first request.
  const probe = await pool.connect();
  probe.release();
  return {
    exec: async (sql) => void (await pool.query(sql)),
    query: (sql, params) => answer(pool.query(sql, params as unknown[])),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          query: (sql, params) => answer(client.query(sql, params as unknown[])),
          exec: async (sql) => void (await client.query(sql)),
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
