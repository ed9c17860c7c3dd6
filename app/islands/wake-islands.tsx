import { type ComponentType, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { type IslandName, type IslandProps, islands } from "./registry.ts";

function isIslandName(value: string | undefined): value is IslandName {
  return value !== undefined && Object.hasOwn(islands, value);
}

/** Hydrates one marked element with its registered component and the props the server rendered it with. */
async function wake<N extends IslandName>(root: HTMLElement, name: N) {
  const Component = (await islands[name]()) as ComponentType<object>;
  // Written by Island from the same registered type (island.tsx).
  const props: IslandProps<N> & object = JSON.parse(root.dataset.props ?? "{}");
  hydrateRoot(
    root,
    <StrictMode>
      <Component {...props} />
    </StrictMode>,
  );
}

/** Finds every island the server marked on the page and wakes it; anything else stays plain HTML. */
export function wakeIslands(document: Document) {
  for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = root.dataset.island;
    if (isIslandName(name)) void wake(root, name);
  }
}
