import type { ComponentProps, ComponentType } from "react";
import { SiteHeader } from "../components/layout/site-header.tsx";

/**
 * Every part of the site that runs in the browser, by name, with the way the
 * browser gets its component. Adding a widget is one entry here; its props are
 * its component's own, checked wherever it is rendered (`Island`) and woken
 * (`wakeIslands`). Everything else on a page is finished HTML.
 */
export const islands = {
  // On every page, so it comes with the entry module rather than a request of its own.
  "site-header": async () => SiteHeader,
  "testimonial-slider": async () => (await import("../components/sections/testimonial-slider.tsx")).TestimonialSlider,
  "contact-form": async () => (await import("../components/sections/contact-form.tsx")).ContactForm,
  "passkey-sign-in": async () => (await import("../components/staff/sign-in-passkey.tsx")).PasskeySignIn,
  "passkey-add": async () => (await import("../components/staff/sign-in-passkey-add.tsx")).PasskeyAdd,
} satisfies Record<string, () => Promise<ComponentType<never>>>;

export type IslandName = keyof typeof islands;

export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islands)[N]>>;

export type IslandProps<N extends IslandName> = ComponentProps<IslandComponent<N>>;

export const islandNames = Object.keys(islands) as IslandName[];
