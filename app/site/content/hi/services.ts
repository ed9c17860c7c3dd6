import type { ServiceSlug } from "../services.ts";

/**
 * The services' names and one-line summaries in Hindi, as the catalog starts
 * (services-seed.ts). Kept apart from services.ts, which the islands' scripts
 * read for the services' addresses: English pages carry no Hindi.
 */
export const servicesInHindi: Readonly<Record<ServiceSlug, { title: string; short: string }>> = {
  box: { title: "पैकेजिंग बॉक्स", short: "हर साइज़, बोर्ड और फ़िनिश में कस्टम प्रिंटेड बॉक्स।" },
  cake: { title: "केक बॉक्स", short: "फ़ूड-सेफ़ केक और पेस्ट्री बॉक्स, जो अपना आकार बनाए रखते हैं।" },
  carton: { title: "ड्रिप-ऑफ़ मोनो कार्टन", short: "ड्रिप-ऑफ़ ग्लॉस और मैट फ़िनिश वाले मोनो कार्टन।" },
  bags: { title: "पेपर बैग", short: "रस्सी या ट्विस्टेड हैंडल वाले प्रिंटेड पेपर बैग और कैरी बैग।" },
  poster: { title: "पोस्टर", short: "A3 से लेकर बड़े साइज़ तक, चटकीले रंगों वाले पोस्टर।" },
  leaflet: { title: "लीफ़लेट", short: "जल्दी और दूर-दूर तक बाँटने के लिए एक पन्ने के लीफ़लेट।" },
  catalog: { title: "कैटलॉग", short: "परफ़ेक्ट बाइंडिंग और स्टिचिंग वाले प्रोडक्ट कैटलॉग।" },
  pamphlet: { title: "पैम्फ़लेट", short: "मोड़कर बनने वाले पैम्फ़लेट, जो कुछ ही पैनलों में ऑफ़र समझा दें।" },
  folder: { title: "फ़ोल्डर", short: "पॉकेट और विज़िटिंग कार्ड स्लॉट वाले प्रेज़ेंटेशन फ़ोल्डर।" },
  brochure: { title: "ब्रोशर", short: "कई पन्नों के ब्रोशर, जो आपकी कंपनी को अच्छी तरह पेश करें।" },
  diary: { title: "डायरी", short: "हर पन्ने पर आपके ब्रांड वाली कॉर्पोरेट डायरी।" },
  calender: { title: "कैलेंडर", short: "दीवार और टेबल कैलेंडर, जो पूरे साल नज़र के सामने रहें।" },
  standee: { title: "स्टैंडी", short: "दुकानों और इवेंट के लिए रोल-अप और कट-आउट स्टैंडी।" },
  sunboard: { title: "सनबोर्ड", short: "साइनबोर्ड और डिस्प्ले के लिए हल्के, मज़बूत सनबोर्ड प्रिंट।" },
  flex: { title: "फ़्लेक्स बैनर प्रिंटिंग", short: "धूप और बारिश झेलने वाले फ़्लेक्स बैनर, किसी भी साइज़ में।" },
};
