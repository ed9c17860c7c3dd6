import { site } from "./site.ts";

export type PageText = {
  /** The document title, before the company name is added. */
  title: string;
  description: string;
  /** The page's main heading. */
  heading: string;
};

const city = site.address.city;

export const pageText = {
  home: {
    title: `Printing and Packaging Manufacturer in ${city}`,
    description: `Custom boxes, cake boxes, mono cartons, paper bags, commercial printing and branding materials, made in ${city} and delivered across India.`,
    heading: "Packaging and print that sell your product",
  },
  about: {
    title: "About Us",
    description: `Who we are: a printing and packaging manufacturer in ${city} with offset, digital and large-format presses under one roof.`,
    heading: `About ${site.name}`,
  },
  contact: {
    title: "Contact Us",
    description:
      "Ask for a quote or a sample: call, write on WhatsApp, e-mail or send the form, and we reply within one working day.",
    heading: "Contact Us",
  },
  product: {
    title: "Our Product",
    description: "Custom printed packaging boxes in any size, board and finish.",
    heading: "Our Product",
  },
  services: {
    title: "All Services",
    description: "Paper packaging, commercial printing and branding materials: all fifteen services in one place.",
    heading: "All Services",
  },
  faq: {
    title: "Frequently Asked Questions",
    description: "Answers to common questions about orders, artwork, samples, delivery and payment.",
    heading: "Frequently Asked Questions",
  },
  privacy: {
    title: "Privacy Policy",
    description: "How we collect, use and protect the details you share with us.",
    heading: "Privacy Policy",
  },
  term: {
    title: "Terms and Conditions",
    description: "The terms that apply to quotes, orders, artwork, delivery and payment.",
    heading: "Terms and Conditions",
  },
  notFound: {
    title: "Page Not Found",
    description: "The page you asked for is not here.",
    heading: "Page not found",
  },
  error: {
    title: "Something Went Wrong",
    description: "The page could not be shown.",
    heading: "Something went wrong",
  },
} satisfies Record<string, PageText>;

/** The headings of the about page, around what the company writes there. */
export const aboutWords = {
  whoWeAre: "Who we are",
  inFigures: "In figures",
  facilities: "Our facilities",
  values: "What we stand for",
};

/** The home page's headings and links around what the company writes there. */
export const homeWords = {
  whatWeMake: "What we make",
  whatWeMakeIntro: "From product boxes to flex banners, everything your brand needs in print.",
  viewAllServices: "View all services",
  featuredProduct: "Our featured product",
};

/** The words of the pages' sections: the banner's breadcrumb, the questions, the reasons, a legal text's date, the contact details. */
export const sectionWords = {
  breadcrumb: "Breadcrumb",
  questionsAndAnswers: "Questions and answers",
  whyChooseUs: "Why choose us",
  lastUpdated: "Last updated:",
  chatOnWhatsApp: "Chat on WhatsApp",
};
