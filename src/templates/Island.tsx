/**
 * Server side of the island mechanism: renders the component to HTML inside a
 * mark that names it and carries its props as JSON, for src/browser/loader/islands.ts.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { islands, type HydrateOn, type IslandName, type IslandProps } from "./islands.ts";

export function Island<N extends IslandName>({
  name,
  props,
  hydrate = "interaction",
}: {
  name: N;
  props: IslandProps<N>;
  hydrate?: HydrateOn;
}) {
  const Component = islands[name] as (p: IslandProps<N>) => React.ReactNode;
  // Slots (src/browser/islands/Slot.tsx) are on the page already; the loader reads them back from there.
  const { slots: _onThePage, ...json } = props as IslandProps<N> & { slots?: string[] };
  // No props (the menus, the FAQ: theirs are slots): no attribute; the loader reads none as {}.
  const data = Object.keys(json).length > 0 ? JSON.stringify(json) : undefined;
  return (
    <div
      data-island={name}
      data-props={data}
      data-hydrate={hydrate === "interaction" ? undefined : hydrate}
      className="contents"
    >
      <Component {...props} />
    </div>
  );
}

/** Static markup for an island's slot. */
export const slotHtml = (node: ReactNode) => renderToStaticMarkup(node);
