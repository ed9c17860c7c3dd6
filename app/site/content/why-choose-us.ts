/** The reasons listed in the home page's why-choose-us grid. */
export type Reason = { title: string; text: string; icon: "press" | "quality" | "clock" | "truck" | "leaf" | "rupee" };

export const reasons: readonly Reason[] = [
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
