import type { PhotoName } from "./photos.ts";

/** Text and figures for the about page. The figures are placeholders. */
export const aboutIntro = [
  "We are a printing and packaging manufacturer serving brands, shops and institutions across India. From a single cake box design to a full range of product cartons, we turn artwork into packaging that protects the product and sells it.",
  "Our plant brings offset and digital printing, lamination, die-cutting, pasting and large-format printing together, so one team is responsible for your order from the first proof to the last carton.",
];

/** A photograph from photos.ts above "Who we are", such as the plant or the team; none yet. */
export const aboutPhoto: PhotoName | undefined = undefined;

export const aboutFigures = [
  { value: "15+", label: "years in print" },
  { value: "1,200+", label: "customers served" },
  { value: "50 lakh", label: "boxes a year" },
  { value: "15", label: "services under one roof" },
] as const;

export const facilities = [
  "Multi-colour offset presses for cartons and commercial print",
  "Digital presses for short runs and samples",
  "Automatic die-cutting, lamination and folder-gluer lines",
  "Large-format printers for flex, sunboard and standees",
] as const;

export const values = [
  { title: "Quality you can see", text: "Sharp print, accurate colour and clean folds on every piece." },
  { title: "Honest timelines", text: "We tell you when it will be ready, and it is." },
  { title: "Responsible materials", text: "Recyclable board and plastic-free bags wherever we can." },
] as const;
