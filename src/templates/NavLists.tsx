/**
 * The desktop navigation's two lists, rendered by the server into the NavMenu
 * island's slots, so the links are on the page once and not again in the
 * island's props.
 */
import { navListId, servicePath, suburbPath } from "../shared/paths.ts";
import { cn } from "../shared/ui.tsx";

export function navMenuLists({
  services,
  suburbs,
}: {
  services: { slug: string; name: string }[];
  suburbs: { slug: string; name: string }[];
}) {
  return {
    services: (
      <ul id={navListId("services")} data-menu-list="" className={cn(box, "py-2")}>
        {services.map(({ slug, name }) => (
          <li key={slug}>
            <a
              href={servicePath({ slug })}
              className="block rounded-md px-4 py-2 text-slate-700 hover:bg-brand-50 hover:text-brand-800"
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
    ),
    suburbs: (
      <ul id={navListId("suburbs")} data-menu-list="" className={cn(box, "grid grid-cols-3 gap-x-2 p-3")}>
        {suburbs.map(({ slug, name }) => (
          <li key={slug}>
            <a href={suburbPath({ slug })} className="menu-suburb">
              {name}
            </a>
          </li>
        ))}
      </ul>
    ),
  };
}

const box = "rounded-xl border border-slate-200 bg-white shadow-xl";
