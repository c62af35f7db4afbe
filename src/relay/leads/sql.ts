/**
 * The small async SQL interface the lead store speaks, so the same queries run
 * on Node (SQLite through libsql, node/sqlite.ts), on Cloudflare D1
 * (worker/d1.ts) and, for the owner's tools, on D1 through wrangler
 * (node/wrangler-d1.ts).
 */
export interface Sql {
  /** Runs one statement; answers how many rows it changed. */
  run(sql: string, params?: unknown[]): Promise<number>;
  all<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Several reads answered together, each one's rows in order, where that saves a round trip
   * (wrangler: one process for them all); without it the store reads them one by one.
   */
  allMany?(statements: readonly Statement[]): Promise<unknown[][]>;
  /**
   * Several writes made together, in order, where that saves a round trip (wrangler: one process for
   * them all); without it the store runs them one by one.
   */
  runMany?(statements: readonly Statement[]): Promise<void>;
}

export interface Statement {
  sql: string;
  params?: unknown[];
}

/** Reads together where the Sql can, else one by one. */
export async function readMany(sql: Sql, statements: Statement[]): Promise<unknown[][]> {
  if (sql.allMany) return sql.allMany(statements);
  const answers: unknown[][] = [];
  for (const s of statements) answers.push(await sql.all(s.sql, s.params));
  return answers;
}

/** Writes together where the Sql can, else one by one, in order. */
export async function writeMany(sql: Sql, statements: Statement[]): Promise<void> {
  if (sql.runMany) return sql.runMany(statements);
  for (const s of statements) await sql.run(s.sql, s.params);
}
