import type { ComponentProps, ComponentType } from "react";

/**
 * When the browser wakes an island (the page's inline script, `island-bootstrap.ts`):
 * - "interaction": at the first pointer, touch, key, focus or input inside it;
 * - "visible": when it scrolls into view;
 * - "load": as soon as the page has loaded.
 * Until then it is the finished HTML the server sent, and no script is fetched for it.
 */
export type WakeOn = "interaction" | "visible" | "load";

/**
 * Every part of the site that runs in the browser, by name: when it wakes and
 * how the browser gets its component. Each loads through a module of its own in
 * `load/`, named as the island, so that the build's manifest names the chunks
 * each island needs (`island-chunks.ts`). Adding a widget is one entry here and
 * one module there; its props are its component's own, checked wherever it is
 * rendered (`Island`) and woken (`wakeIsland`).
 */
export const islands = {
  "site-header": { wakeOn: "interaction", load: async () => (await import("./load/site-header.ts")).component },
  "testimonial-slider": {
    wakeOn: "visible",
    load: async () => (await import("./load/testimonial-slider.ts")).component,
  },
  "contact-form": {
    // A form the server sent back wakes at once: the visitor is in the middle of it, and its
    // summary of what to correct takes focus as it wakes.
    wakeOn: ({ answer }: { answer?: unknown }) => (answer ? "load" : "interaction"),
    load: async () => (await import("./load/contact-form.ts")).component,
  },
  "quote-form": {
    wakeOn: ({ answer }: { answer?: unknown }) => (answer ? "load" : "interaction"),
    load: async () => (await import("./load/quote-form.ts")).component,
  },
  "passkey-sign-in": { wakeOn: "load", load: async () => (await import("./load/passkey-sign-in.ts")).component },
  "passkey-add": { wakeOn: "load", load: async () => (await import("./load/passkey-add.ts")).component },
} satisfies Record<string, { wakeOn: WakeOn | ((props: never) => WakeOn); load: () => Promise<ComponentType<never>> }>;

export type IslandName = keyof typeof islands;

export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islands)[N]["load"]>>;

export type IslandProps<N extends IslandName> = ComponentProps<IslandComponent<N>>;

export const islandNames = Object.keys(islands) as IslandName[];

/** When an island rendered with these props wakes. */
export function wakeOnFor<N extends IslandName>(name: N, props: IslandProps<N>): WakeOn {
  // Each rule reads its own island's props; a name and its props come in together, checked by the caller's type.
  const rule = islands[name].wakeOn as WakeOn | ((props: IslandProps<N>) => WakeOn);
  return typeof rule === "function" ? rule(props) : rule;
}
