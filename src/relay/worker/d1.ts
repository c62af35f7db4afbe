/**
 * The lead store on Cloudflare D1: the Sql interface LeadStore speaks, over a
 * D1Database binding. The schema is the same migrations/*.sql the Node store
 * runs, applied with `wrangler d1 migrations apply`.
 * https://developers.cloudflare.com/d1/worker-api/prepared-statements/
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { Sql } from "../leads/sql.ts";

export function d1Sql(db: D1Database): Sql {
  const statement = (sql: string, params: unknown[]) =>
    params.length ? db.prepare(sql).bind(...params) : db.prepare(sql);
  return {
    async run(sql, params = []) {
      return (await statement(sql, params).run()).meta.changes;
    },
    async all<T>(sql: string, params: unknown[] = []) {
      return (await statement(sql, params).all<T>()).results;
    },
  };
}
