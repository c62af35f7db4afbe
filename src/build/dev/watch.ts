/**
 * Watches content/ and src/ for the dev server and reports each burst of
 * changes once: editors write a file in several steps, `git checkout` many
 * files at once, and one build should answer all of them. `code` says whether
 * code changed (the build thread must start afresh, since loaded modules
 * cannot be reloaded) or only content.
 *
 * chokidar does the watching (decision 0080): Node's own recursive fs.watch
 * on Linux loses a file for good once it is replaced (sed -i, git checkout,
 * an editor saving through a temporary file), so every later save went
 * unseen. Only files a build reads count, so an editor's temporary file
 * (sedAb12Cd, 4913, x.yaml___jb_tmp___, x.yaml~) starts no build and is never
 * named; a file made and removed within one burst is not named either.
 */
import path from "node:path";
import { watch } from "chokidar";
import { shownPath as shown } from "../content/read-file.ts";

export const ROOT = path.resolve(import.meta.dirname, "../../..");

/** How long the files stay quiet before the burst counts as over. */
export const SETTLE_MS = 50;

/** Files a build reads: content's YAML and every picture, the code and its styles but not its tests. */
const CONTENT_FILE = /\.ya?ml$|(^|\/)images\/[^/]+\.(jpe?g|png|webp|avif|heic|svg|ico)$/i;
const CODE_FILE = /\.(tsx?|mjs|js|css|json)$/;
/** Dot files and folders, editor backups and lock files, and tests. */
const IGNORED = /(^|\/)[.#]|~$|\.test\.tsx?$/;

export type Change = "added" | "changed" | "removed";
export interface Burst {
  /** Each file as the person named it (relative to the folder the command runs in), and what happened. */
  files: { file: string; change: Change }[];
  /** Code changed, not only content. */
  code: boolean;
}

export interface Watching {
  close(): Promise<void>;
}

/** Starts watching; resolves once the watcher has read both folders, so no change after it is missed. */
export async function watchSources(
  contentDir: string,
  onChange: (burst: Burst) => void,
  { settleMs = SETTLE_MS, srcDir = path.join(ROOT, "src") } = {},
): Promise<Watching> {
  /** Each file's net change in this burst; a file added then removed is dropped. */
  const pending = new Map<string, { change: Change; code: boolean }>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    const files = [...pending].map(([full, p]) => ({ file: shown(full), change: p.change }));
    const code = [...pending.values()].some((p) => p.code);
    pending.clear();
    if (files.length) onChange({ files, code });
  };
  const record = (full: string, change: Change, code: boolean) => {
    const before = pending.get(full)?.change;
    if (before === "added" && change === "removed") pending.delete(full);
    else if (before === "removed" && change === "added") pending.set(full, { change: "changed", code });
    else pending.set(full, { change: before === "added" ? "added" : change, code });
    clearTimeout(timer);
    timer = setTimeout(flush, settleMs);
  };
  const watchers = [
    [path.resolve(contentDir), CONTENT_FILE, false],
    [path.resolve(srcDir), CODE_FILE, true],
  ].map(([dir, counts, code]) => {
    const w = watch(dir as string, {
      ignoreInitial: true,
      // A file replaced by a rename is a change, and counted at once: the burst's settling joins the steps.
      atomic: false,
      ignored: (full) => IGNORED.test(path.relative(dir as string, full)),
    });
    const on = (change: Change) => (full: string) => {
      const rel = path
        .relative(dir as string, full)
        .split(path.sep)
        .join("/");
      if ((counts as RegExp).test(rel)) record(full, change, code as boolean);
    };
    w.on("add", on("added")).on("change", on("changed")).on("unlink", on("removed"));
    return w;
  });
  await Promise.all(watchers.map((w) => new Promise<void>((resolve) => w.once("ready", () => resolve()))));
  return {
    async close() {
      clearTimeout(timer);
      await Promise.all(watchers.map((w) => w.close()));
    },
  };
}

/** "content/suburbs.yaml changed", "content/a.yaml and content/b.yaml changed, content/c.yaml removed". */
export function burstWords({ files }: Burst, most = 3): string {
  const groups = (["changed", "added", "removed"] as const)
    .map((change) => ({ change, names: files.filter((f) => f.change === change).map((f) => f.file) }))
    .filter((g) => g.names.length > 0);
  let left = most;
  return groups
    .map(({ change, names }) => {
      const named = names.slice(0, Math.max(left, 1));
      left -= named.length;
      const more = names.length - named.length;
      const list = more > 0 ? [...named, `${more} more`] : named;
      return `${list.length > 1 ? `${list.slice(0, -1).join(", ")} and ${list.at(-1)}` : list[0]} ${change}`;
    })
    .join(", ");
}
