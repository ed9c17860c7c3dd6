/** The words of every page's frame besides its menus: the skip link, the footer, the language switcher. */
export const frameWords = {
  skipLink: "Skip to main content",
  aboutCompany: (name: string) => `About ${name}`,
  footerServices: "Services",
  footerLinks: "Useful Links",
  footerContact: "Contact",
  // A legal name often ends in "Ltd." already; the sentence must not end twice.
  copyright: (legalName: string) => `© ${legalName.replace(/\.$/, "")}. All rights reserved.`,
  onNetwork: (name: string, network: string) => `${name} on ${network}`,
};
