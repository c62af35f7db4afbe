/**
 * "a" or "an" before a word, by how it sounds: "an Elm Grove rental", "an Upper
 * Elm rental", "a Pine Hill rental". Written letters decide, except where the
 * sound differs from the letter: "a unit", "a European", "a one-off", "an hour".
 */
export function aOrAn(word: string): "a" | "an" {
  const w = word.trim().toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(w)) return "an";
  if (/^(?:uni|use|usu|ura|ure|uro|uti|uk|eu|ew|one\b|once)/.test(w)) return "a";
  return /^[aeiou]/.test(w) ? "an" : "a";
}

/** ["a", "b", "c"] → "a, b and c"; ["a"] → "a". */
export function andList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
