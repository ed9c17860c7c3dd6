import type { SiteWords } from "../words.ts";

/** The site's own words in Hindi: the same areas and messages as the English catalogue (words.ts). */
export const hindiWords: SiteWords = {
  frame: {
    skipLink: "मुख्य सामग्री पर जाएँ",
    aboutCompany: (name) => `${name} के बारे में`,
    footerServices: "सेवाएँ",
    footerLinks: "उपयोगी लिंक",
    footerContact: "संपर्क",
    copyright: (legalName) => `© ${legalName.replace(/\.$/, "")}। सर्वाधिकार सुरक्षित।`,
    onNetwork: (name, network) => `${network} पर ${name}`,
  },
  navigation: {
    home: "होम",
    about: "हमारे बारे में",
    aboutUs: "हमारे बारे में",
    services: "सेवाएँ",
    allServices: "सभी सेवाएँ",
    contact: "संपर्क",
    privacy: "गोपनीयता",
    faq: "सामान्य प्रश्न",
    terms: "नियम और शर्तें",
    menu: "मेन्यू",
    mainMenu: "मुख्य",
    quote: "कोटेशन माँगें",
    groups: {
      "paper-packaging": "पेपर पैकेजिंग",
      "commercial-printing": "कमर्शियल प्रिंटिंग",
      "branding-materials": "ब्रांडिंग सामग्री",
    },
  },
  pages: {
    home: {
      title: "चंडीगढ़ में प्रिंटिंग और पैकेजिंग निर्माता",
      description:
        "कस्टम बॉक्स, केक बॉक्स, मोनो कार्टन, पेपर बैग, कमर्शियल प्रिंटिंग और ब्रांडिंग सामग्री, चंडीगढ़ में बनी और पूरे भारत में पहुँचाई गई।",
      heading: "ऐसी पैकेजिंग और प्रिंट जो आपका उत्पाद बेचे",
    },
    about: {
      title: "हमारे बारे में",
      description: "हम कौन हैं: चंडीगढ़ के प्रिंटिंग और पैकेजिंग निर्माता, ऑफ़सेट, डिजिटल और लार्ज-फ़ॉर्मेट प्रेस एक ही छत के नीचे।",
      heading: "हमारे बारे में",
    },
    contact: {
      title: "संपर्क करें",
      description: "कोटेशन या सैंपल माँगें: फ़ोन करें, WhatsApp पर लिखें, ई-मेल करें या फ़ॉर्म भेजें, हम एक कार्य-दिवस में उत्तर देते हैं।",
      heading: "संपर्क करें",
    },
    product: {
      title: "हमारा उत्पाद",
      description: "हर आकार, बोर्ड और फ़िनिश में कस्टम प्रिंटेड पैकेजिंग बॉक्स।",
      heading: "हमारा उत्पाद",
    },
    services: {
      title: "सभी सेवाएँ",
      description: "पेपर पैकेजिंग, कमर्शियल प्रिंटिंग और ब्रांडिंग सामग्री: सभी पंद्रह सेवाएँ एक जगह।",
      heading: "सभी सेवाएँ",
    },
    faq: {
      title: "अक्सर पूछे जाने वाले प्रश्न",
      description: "ऑर्डर, आर्टवर्क, सैंपल, डिलीवरी और भुगतान के बारे में आम सवालों के जवाब।",
      heading: "अक्सर पूछे जाने वाले प्रश्न",
    },
    privacy: {
      title: "गोपनीयता नीति",
      description: "आप हमें जो जानकारी देते हैं, उसे हम कैसे लेते, उपयोग करते और सुरक्षित रखते हैं।",
      heading: "गोपनीयता नीति",
    },
    term: {
      title: "नियम और शर्तें",
      description: "कोटेशन, ऑर्डर, आर्टवर्क, डिलीवरी और भुगतान पर लागू शर्तें।",
      heading: "नियम और शर्तें",
    },
    notFound: {
      title: "पृष्ठ नहीं मिला",
      description: "आपने जो पृष्ठ माँगा, वह यहाँ नहीं है।",
      heading: "पृष्ठ नहीं मिला",
    },
    error: {
      title: "कुछ गड़बड़ हो गई",
      description: "पृष्ठ दिखाया नहीं जा सका।",
      heading: "कुछ गड़बड़ हो गई",
    },
  },
  about: {
    whoWeAre: "हम कौन हैं",
    inFigures: "आँकड़ों में",
    facilities: "हमारी सुविधाएँ",
    values: "हमारे मूल्य",
  },
};
