import { type ComponentType, useContext } from "react";
import { PageScriptsContext } from "./page-scripts.tsx";
import { type IslandComponent, type IslandName, type IslandProps, wakeOnFor } from "./registry.ts";

/**
 * Renders a registered widget and marks it for the browser to hydrate with the
 * same props when it is needed: the page's inline script (island-bootstrap.ts)
 * watches it as `wakeOn` in the registry says, and fetches the chunks listed
 * here. The component must be the one registered under the name, and the
 * props its own, or the type check fails. The wrapper takes no box of its own
 * (`display: contents`), so the layout is the same either way.
 */
export function Island<N extends IslandName>({
  name,
  component,
  props,
}: {
  name: N;
  component: IslandComponent<N>;
  /** Handed to the browser as JSON, so plain data only. */
  props: IslandProps<N>;
}) {
  // Checked against the registry at the call; inside, any island's component takes its props.
  const Component = component as ComponentType<object>;
  const serialized = JSON.stringify(props);
  // What the browser fetches to wake it, entry first; none in development, where every island wakes at once.
  const chunks = useContext(PageScriptsContext)?.chunks[name];
  return (
    <div
      className="island"
      data-island={name}
      data-wake={wakeOnFor(name, props)}
      data-chunks={chunks?.join(" ")}
      data-props={serialized === "{}" ? undefined : serialized}
    >
      <Component {...(props as object)} />
    </div>
  );
}
