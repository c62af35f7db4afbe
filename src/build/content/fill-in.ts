/**
 * The marker `npm run new-suburb` leaves in every value the maintainer must
 * write: inside the quotes of a text, and as a comment after a number's
 * empty field (`distanceFromCbdKm:  # FILL IN: ...`), so that the number
 * written there is a number, not the text "6.2". The loader reports a field
 * still holding it as that, not as whatever zod makes of the marker.
 */
import type { Node } from "yaml";
import { yamlLibrary } from "./read-file.ts";

/** How a value the maintainer must write is marked: "FILL IN: what to write". */
export const FILL_IN = "FILL IN:";

/**
 * Every string in a file's values that still starts with the marker: its path and the hint after the marker.
 */
export function fillIns(
  value: unknown,
  at: (string | number)[] = [],
  found: [(string | number)[], string][] = [],
): [(string | number)[], string][] {
  // One path array, pushed and popped, copied only for a match.
  if (typeof value === "string") {
    if (value.startsWith(FILL_IN)) found.push([[...at], value.slice(FILL_IN.length).trim()]);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      at.push(i);
      fillIns(value[i], at, found);
      at.pop();
    }
  } else if (value && typeof value === "object") {
    for (const k in value) {
      at.push(k);
      fillIns((value as Record<string, unknown>)[k], at, found);
      at.pop();
    }
  }
  return found;
}

/**
 * Every field left empty with the marker as its comment (`areaKm2:  # FILL IN: ...`): its path and
 * the hint. A field written since (`areaKm2: 2.8  # FILL IN: ...`) is filled, its comment harmless.
 */
export function commentFillIns(node: unknown): [(string | number)[], string][] {
  // `yaml` is loaded here, for a file that holds the marker, as for a problem's line (read-file.ts).
  const { isMap, isScalar, isSeq } = yamlLibrary();
  const found: [(string | number)[], string][] = [];
  const walk = (n: unknown, at: (string | number)[]): void => {
    if (isMap(n))
      for (const pair of n.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const value = pair.value as Node | null;
        const comment = isScalar(value) && value.value === null ? value.comment?.trim() : undefined;
        if (comment?.startsWith(FILL_IN)) found.push([[...at, key], comment.slice(FILL_IN.length).trim()]);
        else walk(value, [...at, key]);
      }
    else if (isSeq(n)) n.items.forEach((item, i) => walk(item, [...at, i]));
  };
  walk(node, []);
  return found;
}
