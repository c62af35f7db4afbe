/**
 * The marker `npm run new-suburb` leaves in every value the maintainer must
 * write. The loader reports a field still holding it as that, not as
 * whatever zod makes of the marker.
 */

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
