import type { AboutContent } from "../../server/content/page-items.ts";

/** The about page's texts as the site starts, before the owner edits them. The figures are placeholders. */
export const aboutSeed: AboutContent = {
  intro: [
    "We are a printing and packaging manufacturer serving brands, shops and institutions across India. From a single cake box design to a full range of product cartons, we turn artwork into packaging that protects the product and sells it.",
    "Our plant brings offset and digital printing, lamination, die-cutting, pasting and large-format printing together, so one team is responsible for your order from the first proof to the last carton.",
  ].join("\n\n"),
  photo: null,
  figures: [
    { value: "15+", label: "years in print" },
    { value: "1,200+", label: "customers served" },
    { value: "50 lakh", label: "boxes a year" },
    { value: "15", label: "services under one roof" },
  ],
  facilities: [
    "Multi-colour offset presses for cartons and commercial print",
    "Digital presses for short runs and samples",
    "Automatic die-cutting, lamination and folder-gluer lines",
    "Large-format printers for flex, sunboard and standees",
  ],
  values: [
    { title: "Quality you can see", text: "Sharp print, accurate colour and clean folds on every piece." },
    { title: "Honest timelines", text: "We tell you when it will be ready, and it is." },
    { title: "Responsible materials", text: "Recyclable board and plastic-free bags wherever we can." },
  ],
};
