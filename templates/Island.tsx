/**
 * Server side of the island mechanism: renders the component to HTML inside a
 * mark that names it and carries its props as JSON, for src/client/islands.ts.
 */
import { islands, type HydrateOn, type IslandName, type IslandProps } from "../src/islands/index.ts";

export function Island<N extends IslandName>({ name, props, hydrate = "idle" }: { name: N; props: IslandProps<N>; hydrate?: HydrateOn }) {
  const Component = islands[name] as (p: IslandProps<N>) => React.ReactNode;
  return (
    <div data-island={name} data-props={JSON.stringify(props)} data-hydrate={hydrate} className="contents">
      <Component {...props} />
    </div>
  );
}
