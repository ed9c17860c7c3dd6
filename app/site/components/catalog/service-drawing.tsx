import type { ServiceDrawing } from "../../content/services.ts";
import { type Drawing, InlineDrawing, readDrawing } from "../ui/inline-drawing.tsx";

// Each service's drawing as written in public/images/services, read by the build.
const files = import.meta.glob<string>("/public/images/services/*.svg", {
  query: "?raw",
  import: "default",
  eager: true,
});

const drawings = new Map<string, Drawing>(
  Object.entries(files).map(([file, svg]) => {
    const name = file.slice(file.lastIndexOf("/") + 1, -".svg".length);
    return [name, readDrawing(svg, `drawing-${name}`)];
  }),
);

/**
 * A service's drawing written into the page, for the one a visitor sees first:
 * the lazy ones further down are views of the sprite (/images/services.svg).
 */
export function InlineServiceDrawing({
  drawing,
  className,
  label,
}: {
  drawing: ServiceDrawing;
  className: string;
  label?: string;
}) {
  const found = drawings.get(drawing);
  if (!found) throw new Error(`No drawing public/images/services/${drawing}.svg`);
  return <InlineDrawing drawing={found} className={className} label={label} />;
}
