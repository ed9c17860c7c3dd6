import type { HomeContent } from "../../server/content/page-items.ts";
import type { Translated } from "./translated.ts";

/** The reasons listed in the home page's why-choose-us grid, as the site starts (the owner edits them). */
export const reasons: Translated<HomeContent["reasons"]> = [
  {
    icon: "press",
    title: "In-house production",
    title_hi: "अपने ही प्लांट में उत्पादन",
    text: "Design, print, lamination, die-cutting and pasting under one roof.",
    text_hi: "डिज़ाइन, प्रिंटिंग, लैमिनेशन, डाई-कटिंग और पेस्टिंग, सब एक ही छत के नीचे।",
  },
  {
    icon: "quality",
    title: "Checked at every step",
    title_hi: "हर क़दम पर जाँच",
    text: "Colour proofs and sample approval before any full run.",
    text_hi: "पूरी छपाई से पहले कलर प्रूफ़ और सैंपल की मंज़ूरी।",
  },
  {
    icon: "clock",
    title: "On time",
    title_hi: "समय पर",
    text: "Clear delivery dates, and we keep them.",
    text_hi: "डिलीवरी की साफ़ तारीख़, और हम उसे निभाते हैं।",
  },
  {
    icon: "truck",
    title: "Delivery across India",
    title_hi: "पूरे भारत में डिलीवरी",
    text: "Packed flat and shipped safely to your door or warehouse.",
    text_hi: "फ़्लैट पैक करके, आपके दरवाज़े या गोदाम तक सुरक्षित पहुँचाया जाता है।",
  },
  {
    icon: "leaf",
    title: "Better materials",
    title_hi: "बेहतर सामग्री",
    text: "Recyclable board, paper bags instead of plastic, food-safe inks.",
    text_hi: "रीसायकल होने वाला बोर्ड, प्लास्टिक की जगह पेपर बैग, फ़ूड-सेफ़ स्याही।",
  },
  {
    icon: "rupee",
    title: "Fair prices",
    title_hi: "सही दाम",
    text: "Direct from the manufacturer, with no middlemen.",
    text_hi: "सीधे निर्माता से, बिना किसी बिचौलिए के।",
  },
];
