import type { ServiceSlug } from "./services.ts";

/**
 * The long text of each service, for its own page. Kept apart from services.ts
 * so that pages listing services do not carry every description to the browser.
 */
export type ServiceDetails = {
  description: string;
  description_hi: string;
  features: readonly string[];
  features_hi: readonly string[];
  uses: readonly string[];
  uses_hi: readonly string[];
};

/** Keyed by service slug: the type check fails when a service has no entry, or an entry no service. */
export const serviceDetails: Readonly<Record<ServiceSlug, ServiceDetails>> = {
  box: {
    description:
      "Product boxes made to your dimensions from duplex, SBS or kraft board, printed in up to six colours and finished with lamination, spot UV or foil. We help with the dieline, print a sample and then run the order, from a few hundred to a few lakh pieces.",
    description_hi:
      "आपके नाप के प्रोडक्ट बॉक्स, डुप्लेक्स, SBS या क्राफ़्ट बोर्ड से बने, छह रंगों तक की छपाई और लैमिनेशन, स्पॉट UV या फ़ॉइल की फ़िनिश के साथ। हम डाईलाइन बनाने में मदद करते हैं, पहले सैंपल छापते हैं और फिर पूरा ऑर्डर चलाते हैं, कुछ सौ से लेकर कुछ लाख पीस तक।",
    features: [
      "Board from 250 to 450 GSM",
      "Offset print in CMYK and Pantone colours",
      "Matte, gloss or soft-touch lamination",
      "Window patching, embossing and foil stamping",
    ],
    features_hi: [
      "250 से 450 GSM तक का बोर्ड",
      "CMYK और पैनटोन रंगों में ऑफ़सेट प्रिंटिंग",
      "मैट, ग्लॉस या सॉफ़्ट-टच लैमिनेशन",
      "विंडो पैचिंग, एम्बॉसिंग और फ़ॉइल स्टैम्पिंग",
    ],
    uses: ["Retail product packaging", "Cosmetics and personal care", "Electronics and accessories"],
    uses_hi: ["रिटेल प्रोडक्ट पैकेजिंग", "कॉस्मेटिक्स और पर्सनल केयर", "इलेक्ट्रॉनिक्स और एक्सेसरीज़"],
  },
  cake: {
    description:
      "Cake, pastry and sweet boxes from food-grade board with inks suited to food contact. Lock-bottom and tuck-top styles, optional windows, and sizes from a single slice to a five-kilogram cake.",
    description_hi:
      "केक, पेस्ट्री और मिठाई के डिब्बे, फ़ूड-ग्रेड बोर्ड से बने और खाने के सामान के लिए सुरक्षित स्याही से छपे। लॉक-बॉटम और टक-टॉप स्टाइल, चाहें तो पारदर्शी विंडो के साथ, और एक स्लाइस से लेकर पाँच किलो के केक तक हर साइज़।",
    features: [
      "Food-grade board and inks",
      "Grease-resistant coating on request",
      "Clear window options",
      "Flat-packed for easy storage",
    ],
    features_hi: [
      "फ़ूड-ग्रेड बोर्ड और स्याही",
      "माँगने पर ग्रीस-रोधी कोटिंग",
      "पारदर्शी विंडो के विकल्प",
      "आसानी से रखने के लिए फ़्लैट पैक",
    ],
    uses: ["Bakeries and cake shops", "Sweet shops and mithai", "Cafes and cloud kitchens"],
    uses_hi: ["बेकरी और केक की दुकानें", "मिठाई की दुकानें और हलवाई", "कैफ़े और क्लाउड किचन"],
  },
  carton: {
    description:
      "Single-piece folding cartons with a drip-off coating: a gloss varnish and a matte varnish on the same sheet, so the design catches the light where you want it. Made for pharmaceutical, food and FMCG lines that run on automatic packing machines.",
    description_hi:
      "ड्रिप-ऑफ़ कोटिंग वाले एक-पीस फ़ोल्डिंग कार्टन: एक ही शीट पर ग्लॉस वार्निश और मैट वार्निश, ताकि डिज़ाइन वहीं चमके जहाँ आप चाहें। ऑटोमैटिक पैकिंग मशीनों पर चलने वाली दवा, खाद्य और FMCG लाइनों के लिए बने।",
    features: [
      "Drip-off gloss and matte effect",
      "Tight tolerances for machine packing",
      "Braille and batch-code panels on request",
      "Consistent colour across reprints",
    ],
    features_hi: [
      "ड्रिप-ऑफ़ ग्लॉस और मैट इफ़ेक्ट",
      "मशीन पैकिंग के लिए सटीक नाप",
      "माँगने पर ब्रेल और बैच-कोड पैनल",
      "हर रीप्रिंट में एक जैसा रंग",
    ],
    uses: ["Pharmaceutical packs", "Food and FMCG", "Personal care ranges"],
    uses_hi: ["दवाइयों के पैक", "खाद्य और FMCG", "पर्सनल केयर रेंज"],
  },
  bags: {
    description:
      "Carry bags from kraft or art paper, printed with your brand and finished with rope, ribbon or twisted-paper handles. A plastic-free choice that customers carry home and use again.",
    description_hi:
      "क्राफ़्ट या आर्ट पेपर के कैरी बैग, आपके ब्रांड के साथ छपे और रस्सी, रिबन या ट्विस्टेड पेपर के हैंडल वाले। प्लास्टिक-मुक्त विकल्प, जिसे ग्राहक घर ले जाते हैं और बार-बार इस्तेमाल करते हैं।",
    features: [
      "Kraft, white and coloured papers",
      "Rope, ribbon or twisted handles",
      "Reinforced base and handle patches",
      "Lamination for a premium feel",
    ],
    features_hi: [
      "क्राफ़्ट, सफ़ेद और रंगीन कागज़",
      "रस्सी, रिबन या ट्विस्टेड हैंडल",
      "मज़बूत तला और हैंडल पैच",
      "प्रीमियम एहसास के लिए लैमिनेशन",
    ],
    uses: ["Retail and fashion stores", "Events and gifting", "Restaurants and takeaway"],
    uses_hi: ["रिटेल और फ़ैशन स्टोर", "इवेंट और गिफ़्टिंग", "रेस्टोरेंट और टेकअवे"],
  },
  poster: {
    description:
      "Posters on art paper or synthetic stock, printed in vivid colour for promotions, launches and notices. Short runs on digital presses, long runs on offset.",
    description_hi:
      "आर्ट पेपर या सिंथेटिक शीट पर पोस्टर, प्रमोशन, लॉन्च और सूचनाओं के लिए चटकीले रंगों में छपे। कम मात्रा डिजिटल प्रेस पर, ज़्यादा मात्रा ऑफ़सेट पर।",
    features: ["Sizes from A3 to 20 × 30 inches", "Art paper or tear-proof synthetic", "Gloss or matte lamination"],
    features_hi: ["A3 से 20 × 30 इंच तक के साइज़", "आर्ट पेपर या न फटने वाली सिंथेटिक शीट", "ग्लॉस या मैट लैमिनेशन"],
    uses: ["Store promotions", "Event announcements", "Point-of-sale displays"],
    uses_hi: ["दुकान के प्रमोशन", "इवेंट की घोषणाएँ", "पॉइंट-ऑफ़-सेल डिस्प्ले"],
  },
  leaflet: {
    description:
      "Single-sheet leaflets printed on one or both sides, delivered trimmed and packed for distribution by hand, in newspapers or at the counter.",
    description_hi:
      "एक या दोनों तरफ़ छपे एक पन्ने के लीफ़लेट, कटे और पैक किए हुए, हाथ से बाँटने, अख़बार में डालने या काउंटर पर रखने के लिए तैयार।",
    features: ["A4, A5 and DL sizes", "90 to 170 GSM paper", "Fast turnaround on large quantities"],
    features_hi: ["A4, A5 और DL साइज़", "90 से 170 GSM कागज़", "बड़ी मात्रा में भी जल्दी तैयार"],
    uses: ["Door-to-door campaigns", "Newspaper inserts", "Counter handouts"],
    uses_hi: ["घर-घर प्रचार", "अख़बार के साथ डालने के लिए", "काउंटर पर देने के लिए"],
  },
  catalog: {
    description:
      "Product catalogs with accurate colour, bound with saddle stitching or perfect binding, so your range looks in print as it does on screen.",
    description_hi:
      "सही रंगों वाले प्रोडक्ट कैटलॉग, सैडल स्टिचिंग या परफ़ेक्ट बाइंडिंग के साथ, ताकि आपकी रेंज छपकर भी वैसी ही दिखे जैसी स्क्रीन पर दिखती है।",
    features: ["Saddle-stitched or perfect-bound", "Colour-managed proofs", "Covers with lamination or spot UV"],
    features_hi: ["सैडल स्टिचिंग या परफ़ेक्ट बाइंडिंग", "कलर-मैनेज्ड प्रूफ़", "लैमिनेशन या स्पॉट UV वाले कवर"],
    uses: ["Product ranges and price lists", "Dealer and distributor kits", "Trade fairs"],
    uses_hi: ["प्रोडक्ट रेंज और रेट लिस्ट", "डीलर और डिस्ट्रीब्यूटर किट", "ट्रेड फ़ेयर"],
  },
  pamphlet: {
    description: "Pamphlets folded in half or in three, printed on sturdy paper and scored so the folds stay clean.",
    description_hi: "आधे या तीन हिस्सों में मुड़ने वाले पैम्फ़लेट, मज़बूत कागज़ पर छपे और क्रीज़ किए हुए, ताकि मोड़ साफ़ रहें।",
    features: ["Half-fold and tri-fold", "Machine scoring for clean folds", "Matching envelopes on request"],
    features_hi: ["हाफ़-फ़ोल्ड और ट्राई-फ़ोल्ड", "साफ़ मोड़ के लिए मशीन क्रीज़िंग", "माँगने पर मैचिंग लिफ़ाफ़े"],
    uses: ["Clinics and schools", "Real estate projects", "Menus and price lists"],
    uses_hi: ["क्लिनिक और स्कूल", "रियल एस्टेट प्रोजेक्ट", "मेन्यू और रेट लिस्ट"],
  },
  folder: {
    description:
      "Presentation folders on heavy board with glued pockets and a slot for a visiting card, to keep proposals and documents together.",
    description_hi:
      "मोटे बोर्ड पर प्रेज़ेंटेशन फ़ोल्डर, चिपकी हुई पॉकेट और विज़िटिंग कार्ड के स्लॉट के साथ, ताकि प्रस्ताव और काग़ज़ात एक साथ रहें।",
    features: ["300 to 400 GSM board", "One or two pockets", "Visiting-card slot"],
    features_hi: ["300 से 400 GSM बोर्ड", "एक या दो पॉकेट", "विज़िटिंग कार्ड स्लॉट"],
    uses: ["Corporate proposals", "Conference kits", "Admission and welcome packs"],
    uses_hi: ["कंपनी के प्रस्ताव", "कॉन्फ़्रेंस किट", "एडमिशन और वेलकम पैक"],
  },
  brochure: {
    description:
      "Brochures of eight pages or more, designed to your layout and printed on premium paper with a cover finish that matches your brand.",
    description_hi:
      "आठ या उससे ज़्यादा पन्नों के ब्रोशर, आपके लेआउट के अनुसार डिज़ाइन किए, प्रीमियम कागज़ पर छपे और आपके ब्रांड से मेल खाती कवर फ़िनिश के साथ।",
    features: ["8 to 64 pages", "Premium art and textured papers", "Foil, embossing and spot UV covers"],
    features_hi: ["8 से 64 पन्ने", "प्रीमियम आर्ट और टेक्सचर्ड पेपर", "फ़ॉइल, एम्बॉसिंग और स्पॉट UV वाले कवर"],
    uses: ["Company profiles", "Project and property launches", "Investor and annual reports"],
    uses_hi: ["कंपनी प्रोफ़ाइल", "प्रोजेक्ट और प्रॉपर्टी लॉन्च", "निवेशकों के लिए और सालाना रिपोर्ट"],
  },
  diary: {
    description:
      "Dated and undated diaries with printed or embossed covers, branded inner pages, ribbons and elastic closures, delivered in time for the new year.",
    description_hi:
      "तारीख़ वाली और बिना तारीख़ की डायरियाँ, छपे या एम्बॉस किए कवर, ब्रांडेड अंदर के पन्नों, रिबन और इलास्टिक क्लोज़र के साथ, नए साल से पहले डिलीवर।",
    features: ["Hard and soft covers", "Branded inner pages", "Ribbon marker and elastic closure"],
    features_hi: ["हार्ड और सॉफ़्ट कवर", "ब्रांडेड अंदर के पन्ने", "रिबन मार्कर और इलास्टिक क्लोज़र"],
    uses: ["Corporate gifting", "Dealer and staff kits", "Schools and institutions"],
    uses_hi: ["कॉर्पोरेट गिफ़्टिंग", "डीलर और स्टाफ़ किट", "स्कूल और संस्थान"],
  },
  calender: {
    description:
      "Wall, desk and table-tent calendars printed with your brand, with wiro binding and stands, so your name stays in front of customers all year.",
    description_hi:
      "आपके ब्रांड के साथ छपे दीवार, डेस्क और टेबल-टेंट कैलेंडर, वायरो बाइंडिंग और स्टैंड के साथ, ताकि आपका नाम पूरे साल ग्राहकों के सामने रहे।",
    features: ["Wall, desk and table-tent formats", "Wiro binding and hangers", "Custom dates and festival lists"],
    features_hi: ["दीवार, डेस्क और टेबल-टेंट फ़ॉर्मेट", "वायरो बाइंडिंग और हैंगर", "अपनी तारीख़ें और त्योहारों की सूची"],
    uses: ["New-year gifting", "Customer reminders", "Promotional giveaways"],
    uses_hi: ["नए साल के तोहफ़े", "ग्राहकों को याद दिलाने के लिए", "प्रमोशनल गिफ़्ट"],
  },
  standee: {
    description:
      "Roll-up, X-frame and cut-out standees printed in high resolution on durable media, packed with a carry case and set up in a minute.",
    description_hi: "रोल-अप, X-फ़्रेम और कट-आउट स्टैंडी, टिकाऊ मीडिया पर हाई रेज़ोल्यूशन में छपे, कैरी केस के साथ पैक और एक मिनट में खड़े।",
    features: ["Roll-up and X-frame stands", "Cut-out shapes on board", "Carry case included"],
    features_hi: ["रोल-अप और X-फ़्रेम स्टैंड", "बोर्ड पर कट-आउट आकार", "कैरी केस साथ में"],
    uses: ["Store entrances", "Exhibitions and events", "Product launches"],
    uses_hi: ["दुकान के प्रवेश द्वार", "प्रदर्शनियाँ और इवेंट", "प्रोडक्ट लॉन्च"],
  },
  sunboard: {
    description:
      "Prints mounted on lightweight sunboard, cut to shape for signage, wall displays and directional boards, indoors or sheltered outdoors.",
    description_hi:
      "हल्के सनबोर्ड पर चिपकाए प्रिंट, साइनबोर्ड, दीवार डिस्प्ले और दिशा बताने वाले बोर्ड के लिए मनचाहे आकार में कटे, अंदर के लिए या छत के नीचे बाहर के लिए।",
    features: ["3 to 10 mm boards", "Cut to any shape", "Lamination against scuffs"],
    features_hi: ["3 से 10 mm के बोर्ड", "किसी भी आकार में कटिंग", "खरोंच से बचाने के लिए लैमिनेशन"],
    uses: ["In-store signage", "Office wall branding", "Event direction boards"],
    uses_hi: ["दुकान के अंदर साइनेज", "ऑफ़िस की दीवार पर ब्रांडिंग", "इवेंट में दिशा बताने वाले बोर्ड"],
  },
  flex: {
    description:
      "Flex banners printed with solvent and eco-solvent inks that stand up to sun and rain, with eyelets or pockets for hanging, in any length.",
    description_hi:
      "सॉल्वेंट और इको-सॉल्वेंट स्याही से छपे फ़्लेक्स बैनर, जो धूप और बारिश झेल लें, टाँगने के लिए आईलेट या पॉकेट के साथ, किसी भी लंबाई में।",
    features: ["Frontlit and backlit flex", "Weather-resistant inks", "Eyelets, pockets or frames"],
    features_hi: ["फ़्रंटलिट और बैकलिट फ़्लेक्स", "मौसम झेलने वाली स्याही", "आईलेट, पॉकेट या फ़्रेम"],
    uses: ["Shopfront hoardings", "Outdoor events", "Site and construction banners"],
    uses_hi: ["दुकान के बाहर होर्डिंग", "आउटडोर इवेंट", "साइट और कंस्ट्रक्शन बैनर"],
  },
};
