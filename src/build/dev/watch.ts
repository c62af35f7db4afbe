/**
 * Watches content/ and src/ for the dev server and reports each
 * burst of changes once: editors write a file in several steps, and one
 * build should answer all of them. `code` says whether code changed (the
 * build thread must start afresh, since loaded modules cannot be reloaded)
 * or only content.
 */
import { watch, type FSWatcher } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../../..");

/** Dot files, editor backups and swap files, and tests, which no page depends on. */
const IGNORED = /(^|\/)(\.|#)|~$|\.swp$|\.test\.tsx?$/;
const SETTLE_MS = 30;

export function watchSources(
  contentDir: string,
  onChange: (change: { files: string[]; code: boolean }) => void,
): { close(): void } {
  const watchers: FSWatcher[] = [];
  const changed = new Map<string, boolean>();
  let timer: NodeJS.Timeout | undefined;
  const watchDir = (dir: string, isCode: boolean) => {
    watchers.push(
      watch(dir, { recursive: true }, (_event, file) => {
        if (!file || IGNORED.test(String(file))) return;
        changed.set(path.relative(ROOT, path.join(dir, String(file))), isCode);
        clearTimeout(timer);
        timer = setTimeout(() => {
          const files = [...changed.keys()];
          const code = [...changed.values()].some(Boolean);
          changed.clear();
          onChange({ files, code });
        }, SETTLE_MS);
      }),
    );
  };
  watchDir(contentDir, false);
  watchDir(path.join(ROOT, "src"), true);
  return {
    close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}
