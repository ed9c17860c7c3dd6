import type { Page } from "@playwright/test";

/** What a served document holds before any of its scripts run. */
export type ServedDocument = {
  lang: string | null;
  title: string;
  description: string | null;
  canonical: string | null;
  icons: string[];
  robots: string | null;
  h1s: { text: string; inMain: boolean }[];
  mainText: string;
  mainHeadings: string[];
  mainLinks: string[];
  /** Every link target on the page, as written, menus and footer included. */
  hrefs: string[];
  ids: string[];
  /** Accessible names of the navigation landmarks, by aria-label or aria-labelledby. */
  navigations: { name: string; inMain: boolean; links: string[] }[];
};

/**
 * Parses HTML with the browser's own parser, which never runs the document's
 * scripts, so the result is what a visitor without JavaScript (or a crawler) gets.
 * Any page will do, even about:blank: only DOMParser is used.
 */
export async function parseServedHtml(page: Page, html: string): Promise<ServedDocument> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "text/html");
    const text = (node: Element | null) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();
    const main = doc.querySelector("main");
    const nameOf = (element: Element) => {
      const label = element.getAttribute("aria-label");
      if (label) return label;
      const ids = element.getAttribute("aria-labelledby")?.split(/\s+/) ?? [];
      return ids.map((id) => text(doc.getElementById(id))).join(" ");
    };
    return {
      lang: doc.documentElement.getAttribute("lang"),
      title: doc.title.trim(),
      description: doc.querySelector('meta[name="description"]')?.getAttribute("content") ?? null,
      canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      icons: [...doc.querySelectorAll("link[rel~='icon']")].map((link) => link.getAttribute("href") ?? ""),
      robots: doc.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null,
      h1s: [...doc.querySelectorAll("h1")].map((h1) => ({ text: text(h1), inMain: Boolean(main?.contains(h1)) })),
      mainText: text(main),
      mainHeadings: main ? [...main.querySelectorAll("h1, h2, h3, h4, h5, h6")].map(text) : [],
      mainLinks: main ? [...main.querySelectorAll("a[href]")].map((a) => a.getAttribute("href") ?? "") : [],
      hrefs: [...doc.querySelectorAll("a[href], area[href]")].map((a) => a.getAttribute("href") ?? ""),
      ids: [...doc.querySelectorAll("[id]")].map((element) => element.id),
      navigations: [...doc.querySelectorAll("nav")].map((nav) => ({
        name: nameOf(nav),
        inMain: Boolean(main?.contains(nav)),
        links: [...nav.querySelectorAll("a[href]")].map((a) => a.getAttribute("href") ?? ""),
      })),
    };
  }, html);
}
