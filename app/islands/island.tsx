import type { ComponentType } from "react";
import type { IslandComponent, IslandName, IslandProps } from "./registry.ts";

/**
 * Renders a registered widget and marks it for the browser to hydrate with the
 * same props (`wakeIslands`). The component must be the one registered under
 * the name, and the props its own, or the type check fails. The wrapper takes
 * no box of its own (`display: contents`), so the layout is the same either way.
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
  return (
    <div className="island" data-island={name} data-props={serialized === "{}" ? undefined : serialized}>
      <Component {...(props as object)} />
    </div>
  );
}
