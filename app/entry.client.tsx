import { type ComponentType, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { SiteHeader } from "./components/layout/site-header.tsx";
import type { IslandName } from "./components/ui/island.tsx";

type AnyComponent = ComponentType<Record<string, unknown>>;

/**
 * What each island is in the browser. The header is on every page, so it comes
 * with this module; the others are fetched only by the pages that have them.
 */
const islands: Record<IslandName, () => Promise<AnyComponent>> = {
  "site-header": async () => SiteHeader as AnyComponent,
  "testimonial-slider": () =>
    import("./components/sections/testimonial-slider.tsx").then((module) => module.TestimonialSlider as AnyComponent),
  "contact-form": () =>
    import("./components/sections/contact-form.tsx").then((module) => module.ContactForm as AnyComponent),
};

for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const load = islands[root.dataset.island as IslandName];
  if (!load) continue;
  const props = JSON.parse(root.dataset.props ?? "{}") as Record<string, unknown>;
  load().then((Component) =>
    hydrateRoot(
      root,
      <StrictMode>
        <Component {...props} />
      </StrictMode>,
    ),
  );
}
