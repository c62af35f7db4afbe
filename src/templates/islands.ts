/**
 * Every island's component, by name, for the server's render: the server
 * renders each inside an Island mark (src/templates/Island.tsx), and the
 * browser's loader hydrates it. Loaded once, here, from the one list
 * (src/browser/islands/list.ts). It lives with the templates, not the
 * islands: only the server imports it, and the browser never may (its
 * top-level await loads every island at once).
 */
import { islandLoaders, type IslandComponent, type IslandName } from "../browser/islands/list.ts";

export type { HydrateOn, IslandName, IslandProps } from "../browser/islands/list.ts";

const loaded = await Promise.all(
  Object.entries(islandLoaders).map(async ([name, load]) => [name, (await load()).default] as const),
);

export const islands = Object.fromEntries(loaded) as { [N in IslandName]: IslandComponent<N> };
