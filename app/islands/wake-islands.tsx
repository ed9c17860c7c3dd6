import { type ComponentType, type ReactNode, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { type IslandName, type IslandProps, islands } from "./registry.ts";

function isIslandName(value: string | undefined): value is IslandName {
  return value !== undefined && Object.hasOwn(islands, value);
}

/** Marks the island awake once React has rendered it and run its effects. */
function Awake({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    root.dataset.islandState = "awake";
  }, [root]);
  return children;
}

/**
 * Hydrates one marked element with its registered component and the props the
 * server rendered it with. `pending` holds the buttons clicked while its code
 * was on the way (app/islands/island-bootstrap.ts); each click is made again
 * once React handles the island's events, so none is lost.
 */
export async function wakeIsland(root: HTMLElement, pending: HTMLElement[] = []) {
  const name = root.dataset.island;
  const state = root.dataset.islandState;
  if (!isIslandName(name) || state === "hydrating" || state === "awake") return;
  const Component = (await islands[name].load()) as ComponentType<object>;
  // Written by Island from the same registered type (island.tsx).
  const props: IslandProps<typeof name> & object = JSON.parse(root.dataset.props ?? "{}");
  // From here React takes the island's events: a click now makes it hydrate at once and then handles it.
  root.dataset.islandState = "hydrating";
  hydrateRoot(
    root,
    <StrictMode>
      <Awake root={root}>
        <Component {...props} />
      </Awake>
    </StrictMode>,
  );
  for (const button of pending.splice(0)) button.click();
}

/** Wakes every island on the page at once: development, where the page has no inline script to do it on need. */
export function wakeAllIslands(document: Document) {
  for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) void wakeIsland(root);
}
