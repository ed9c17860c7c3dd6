import type { HomeContent } from "../../server/content/page-items.ts";

/** The reasons listed in the home page's why-choose-us grid, as the site starts (the owner edits them). */
export const reasons: HomeContent["reasons"] = [
  {
    icon: "press",
    title: "In-house production",
    text: "Design, print, lamination, die-cutting and pasting under one roof.",
  },
  { icon: "quality", title: "Checked at every step", text: "Colour proofs and sample approval before any full run." },
  { icon: "clock", title: "On time", text: "Clear delivery dates, and we keep them." },
  { icon: "truck", title: "Delivery across India", text: "Packed flat and shipped safely to your door or warehouse." },
  { icon: "leaf", title: "Better materials", text: "Recyclable board, paper bags instead of plastic, food-safe inks." },
  { icon: "rupee", title: "Fair prices", text: "Direct from the manufacturer, with no middlemen." },
];
