import type { ComponentType } from "react";

/**
 * The parts of the site that need scripts: everything else is finished HTML
 * that the browser never re-renders. `app/entry.client.tsx` finds each by name.
 */
export type IslandName = "site-header" | "testimonial-slider" | "contact-form";

type IslandProps<P extends object> = {
  name: IslandName;
  component: ComponentType<P>;
  /** Handed to the browser as JSON, so plain data only. */
  props: P;
};

/**
 * Renders a component and marks it for the browser to hydrate with the same
 * props. The wrapper takes no box of its own (`display: contents`), so the
 * page's layout is the same with or without it.
 */
export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  const serialized = JSON.stringify(props);
  return (
    <div className="island" data-island={name} data-props={serialized === "{}" ? undefined : serialized}>
      <Component {...props} />
    </div>
  );
}
