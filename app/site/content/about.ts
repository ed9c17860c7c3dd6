import type { AboutContent } from "../../server/content/page-items.ts";
import type { Translated } from "./translated.ts";

/** The about page's texts as the site starts, before the owner edits them. The figures are placeholders. */
export const aboutSeed: Translated<AboutContent> = {
  intro: [
    "We are a printing and packaging manufacturer serving brands, shops and institutions across India. From a single cake box design to a full range of product cartons, we turn artwork into packaging that protects the product and sells it.",
    "Our plant brings offset and digital printing, lamination, die-cutting, pasting and large-format printing together, so one team is responsible for your order from the first proof to the last carton.",
  ].join("\n\n"),
  intro_hi: [
    "हम प्रिंटिंग और पैकेजिंग निर्माता हैं और पूरे भारत में ब्रांड, दुकानों और संस्थानों के लिए काम करते हैं। केक बॉक्स के एक डिज़ाइन से लेकर प्रोडक्ट कार्टन की पूरी रेंज तक, हम आपके आर्टवर्क को ऐसी पैकेजिंग में बदलते हैं जो प्रोडक्ट को सुरक्षित रखे और उसकी बिक्री भी बढ़ाए।",
    "हमारे प्लांट में ऑफ़सेट और डिजिटल प्रिंटिंग, लैमिनेशन, डाई-कटिंग, पेस्टिंग और लार्ज-फ़ॉर्मेट प्रिंटिंग एक साथ होती है, इसलिए पहले प्रूफ़ से आख़िरी कार्टन तक आपके ऑर्डर की ज़िम्मेदारी एक ही टीम की होती है।",
  ].join("\n\n"),
  photo: null,
  figures: [
    { value: "15+", label: "years in print", label_hi: "साल से प्रिंटिंग में" },
    { value: "1,200+", label: "customers served", label_hi: "ग्राहकों का भरोसा" },
    { value: "50 lakh", label: "boxes a year", label_hi: "बॉक्स हर साल" },
    { value: "15", label: "services under one roof", label_hi: "सेवाएँ एक ही छत के नीचे" },
  ],
  facilities: [
    "Multi-colour offset presses for cartons and commercial print",
    "Digital presses for short runs and samples",
    "Automatic die-cutting, lamination and folder-gluer lines",
    "Large-format printers for flex, sunboard and standees",
  ],
  facilities_hi: [
    "कार्टन और कमर्शियल प्रिंटिंग के लिए मल्टी-कलर ऑफ़सेट प्रेस",
    "कम मात्रा और सैंपल के लिए डिजिटल प्रेस",
    "ऑटोमैटिक डाई-कटिंग, लैमिनेशन और फ़ोल्डर-ग्लूअर लाइनें",
    "फ़्लेक्स, सनबोर्ड और स्टैंडी के लिए लार्ज-फ़ॉर्मेट प्रिंटर",
  ],
  values: [
    {
      title: "Quality you can see",
      title_hi: "क्वालिटी जो दिखती है",
      text: "Sharp print, accurate colour and clean folds on every piece.",
      text_hi: "हर पीस पर साफ़ छपाई, सही रंग और साफ़ मोड़।",
    },
    {
      title: "Honest timelines",
      title_hi: "सच्ची समय-सीमा",
      text: "We tell you when it will be ready, and it is.",
      text_hi: "हम जो तारीख़ बताते हैं, माल उसी दिन तैयार होता है।",
    },
    {
      title: "Responsible materials",
      title_hi: "ज़िम्मेदार सामग्री",
      text: "Recyclable board and plastic-free bags wherever we can.",
      text_hi: "जहाँ तक हो सके, रीसायकल होने वाला बोर्ड और प्लास्टिक-मुक्त बैग।",
    },
  ],
};
