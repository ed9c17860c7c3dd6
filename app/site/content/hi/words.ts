import { site } from "../site.ts";
import type { SiteWords } from "../words.ts";
import { hindiFormWords } from "./forms.ts";

const reachUs = `आप हमें ${site.phone.display} पर फ़ोन भी कर सकते हैं या ${site.email} पर लिख सकते हैं।`;

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
  home: {
    whatWeMake: "हम क्या बनाते हैं",
    whatWeMakeIntro: "प्रोडक्ट बॉक्स से लेकर फ़्लेक्स बैनर तक, आपके ब्रांड को छपाई में जो भी चाहिए, सब यहीं।",
    viewAllServices: "सभी सेवाएँ देखें",
    featuredProduct: "हमारा ख़ास उत्पाद",
  },
  sections: {
    breadcrumb: "आप यहाँ हैं",
    questionsAndAnswers: "सवाल और जवाब",
    whyChooseUs: "हमें क्यों चुनें",
    lastUpdated: "अंतिम अपडेट:",
    chatOnWhatsApp: "WhatsApp पर बात करें",
  },
  catalog: {
    groupSummaries: {
      "paper-packaging": "ऐसे बॉक्स, कार्टन और बैग जो प्रोडक्ट को सुरक्षित रखें और शेल्फ़ पर उसकी बिक्री बढ़ाएँ।",
      "commercial-printing": "मार्केटिंग, स्टेशनरी और आने वाले साल के लिए ऑफ़सेट और डिजिटल प्रिंटिंग।",
      "branding-materials": "दुकानों, इवेंट और प्रदर्शनियों के लिए बड़े साइज़ के डिस्प्ले।",
    },
    readMore: "और पढ़ें",
    aboutService: (title) => `${title} के बारे में`,
    illustrationOf: (title) => `${title} का चित्र`,
    serviceCategories: "सेवाओं की श्रेणियाँ",
    keyFeatures: "मुख्य ख़ूबियाँ",
    typicalUses: "कहाँ काम आता है",
    getQuote: "कोटेशन माँगें",
  },
  testimonials: {
    heading: "हमारे ग्राहक क्या कहते हैं",
    pause: "राय का स्लाइडर रोकें",
    play: "राय का स्लाइडर चलाएँ",
    previous: "पिछली राय",
    next: "अगली राय",
    slides: "ग्राहकों की राय",
    slideOf: "{count} में से {number}",
  },
  status: {
    errorCode: (status) => `त्रुटि ${status}`,
    homePage: "होम पेज",
    allServices: "सभी सेवाएँ",
    contactUs: "संपर्क करें",
    contactPage: "संपर्क पेज",
    notFound: "हो सकता है पता ग़लत लिखा गया हो, या पेज कहीं और चला गया हो। ये लिंक आपको आगे ले जाएँगे:",
    failed: "पेज दिखाया नहीं जा सका। कृपया थोड़ी देर में फिर कोशिश करें, या हमसे सीधे",
    or: "या",
    failedEnd: " पर संपर्क करें।",
    errorReference: (reference) => `अगर आप इस बारे में हमें लिखें, तो रेफ़रेंस ${reference} बताएँ।`,
    refusals: {
      "cross-site": {
        title: "फ़ॉर्म स्वीकार नहीं हुआ",
        description: "फ़ॉर्म ऐसे पेज से भेजा गया जो इस वेबसाइट का हिस्सा नहीं है।",
        heading: "यह फ़ॉर्म किसी दूसरी वेबसाइट से भेजा गया",
        explanation: [
          "आपकी सुरक्षा के लिए हम सिर्फ़ इसी वेबसाइट के संपर्क पेज से भेजे गए संदेश लेते हैं, और यह कहीं और से आया। कुछ भी सेव नहीं हुआ।",
          `कृपया हमारा संपर्क पेज खोलें और वहीं से अपना संदेश भेजें। ${reachUs}`,
        ],
      },
      "too-large": {
        title: "संदेश बहुत बड़ा है",
        description: "फ़ॉर्म उससे बड़ा था जितना हम ले सकते हैं।",
        heading: "आपका संदेश इतना बड़ा था कि लिया नहीं जा सका",
        explanation: [
          "फ़ॉर्म किसी भी संदेश से बड़ा आया जिसे हम पढ़ सकते हैं, इसलिए कुछ भी सेव नहीं हुआ।",
          `कृपया वापस जाएँ, संदेश छोटा करें और फिर से भेजें। ${reachUs}`,
        ],
      },
      "bad-request": {
        title: "अनुरोध समझ नहीं आया",
        description: "अनुरोध पढ़ा नहीं जा सका।",
        heading: "हम वह अनुरोध पढ़ नहीं सके",
        explanation: [
          "पता या फ़ॉर्म ऐसे रूप में आया जिसे हम पढ़ नहीं सकते, इसलिए कुछ नहीं किया गया।",
          `कृपया वापस जाकर फिर कोशिश करें, या होम पेज से शुरू करें। ${reachUs}`,
        ],
      },
    },
  },
  ...hindiFormWords,
};
