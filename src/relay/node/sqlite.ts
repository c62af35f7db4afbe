/**
 * The lead store on Node: one SQLite file through libsql (decision 0004), in
 * WAL mode, readable only by the relay's user (it holds names, emails, phones
 * and addresses). The migrations in migrations/ run at start-up, each once,
 * tracked by SQLite's user_version.
 */
import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "libsql";
import type { Sql } from "../leads/sql.ts";
import { LeadStore } from "../leads/store.ts";

export const MIGRATIONS_DIR = fileURLToPath(new URL("../../../migrations/", import.meta.url));

export interface OpenedStore {
  store: LeadStore;
  /** The raw connection, for the owner's tools and for tests that make the disk fail. */
  db: Database.Database;
  file: string;
  close(): void;
}

export function openLeadStore(file: string): OpenedStore {
  const resolved = path.resolve(file);
  mkdirSync(path.dirname(resolved), { recursive: true, mode: 0o700 });
  // Create the file with its final mode before SQLite opens it; SQLite gives the -wal and -shm files the same
  // mode. Only a file that does not exist yet is opened here ("wx"): closing any descriptor of a file drops
  // every POSIX lock this process holds on it, so opening and closing one on an existing store would take the
  // locks of a connection this process already has on it, and another process could then checkpoint and
  // delete the WAL under that connection (leads lost, the file malformed). A file made here has no connection
  // yet.
  try {
    closeSync(openSync(resolved, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  chmodSync(resolved, 0o600);
  const db = new Database(resolved);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  migrate(db);
  return { store: new LeadStore(nodeSql(db)), db, file: resolved, close: () => db.close() };
}

/** Applies every migration newer than the file's user_version, each in its own transaction. */
export function migrate(db: Database.Database, dir = MIGRATIONS_DIR): number {
  // libsql's pragma() does not honour { simple: true }; read the row.
  const current = Number((db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version);
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  let applied = 0;
  for (const name of files) {
    const version = Number(name.slice(0, 4));
    if (version <= current) continue;
    db.transaction(() => {
      db.exec(readFileSync(path.join(dir, name), "utf8"));
      db.pragma(`user_version = ${version}`);
    })();
    applied++;
  }
  return applied;
}

function nodeSql(db: Database.Database): Sql {
  // Each statement prepared once: preparing on every call cost as much as the reads themselves under
  // a burst (bench:load's profile). The relay's statements are a few hundred texts at most.
  const prepared = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let statement = prepared.get(sql);
    if (!statement) {
      if (prepared.size >= 500) prepared.clear();
      prepared.set(sql, (statement = db.prepare(sql)));
    }
    return statement;
  };
  return {
    async run(sql, params = []) {
      return prepare(sql).run(...params).changes;
    },
    async all<T>(sql: string, params: unknown[] = []) {
      return prepare(sql).all(...params) as T[];
    },
    async runBatch(statements) {
      return db.transaction(() => statements.map((s) => prepare(s.sql).run(...(s.params ?? [])).changes))();
    },
  };
}
