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
  /**
   * Several writes in one transaction, answering how many rows each changed: one commit, so one
   * flush to disk for them all (Node's SQLite, where each commit holds the event loop; groupCommit).
   */
  runBatch?(statements: readonly Statement[]): Promise<number[]>;
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

/**
 * Writes made by callers at about the same time committed together (a group commit): each caller
 * waits for the one commit of its batch, as it would for its own. Under a burst of leads the Node
 * relay's store flushed each lead to disk in a commit of its own while the event loop waited, so a
 * burst of 200 posts queued behind 200 flushes (issue 59: p99 8.4 s at 200 clients); now one flush
 * takes every lead that came while the last one was written. A batch that fails is written again
 * one by one, so one write's failure is that write's alone. Without runBatch (D1, whose writes do
 * not hold a Worker), each write is run as it comes.
 */
export function groupCommit(sql: Sql): (statement: Statement) => Promise<number> {
  if (!sql.runBatch) return (s) => sql.run(s.sql, s.params);
  const runBatch = sql.runBatch.bind(sql);
  let queue: { statement: Statement; resolve: (n: number) => void; reject: (e: unknown) => void }[] = [];
  async function flush() {
    const batch = queue;
    queue = [];
    try {
      const changed = await runBatch(batch.map((b) => b.statement));
      batch.forEach((b, i) => b.resolve(changed[i]));
    } catch {
      for (const b of batch) sql.run(b.statement.sql, b.statement.params).then(b.resolve, b.reject);
    }
  }
  return (statement) =>
    new Promise<number>((resolve, reject) => {
      queue.push({ statement, resolve, reject });
      // The first write of a batch waits for the writes the same turn of the event loop brings.
      if (queue.length === 1) setTimeout(() => void flush(), 0);
    });
}
