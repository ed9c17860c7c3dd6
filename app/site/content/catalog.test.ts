import { existsSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "../../routes.ts";
import { SERVICE_DRAWINGS } from "../../server/content/services-item.ts";
import { faqSeed } from "./faq.ts";
import {
  footerLinks as footerLinksOf,
  footerServiceLinks as footerServiceLinksOf,
  isNavMenu,
  mainNavigation as mainNavigationOf,
  type NavLink,
  navigationWords,
} from "./navigation.ts";
import { drawingFile, serviceGroups, services } from "./services.ts";
import { site } from "./site.ts";
import { isStaticPageSlug } from "./static-pages.ts";
import { testimonials } from "./testimonials.ts";
import { pagePaths } from "./urls.ts";

/** The specification's services, group by group, in the order its navigation lists them. */
const specGroups = {
  "paper-packaging": ["box", "cake", "carton", "bags"],
  "commercial-printing": ["poster", "leaflet", "catalog", "pamphlet", "folder", "brochure", "diary", "calender"],
  "branding-materials": ["standee", "sunboard", "flex"],
};

const specPages = ["/", "/about", "/contact", "/product", "/services", "/faq", "/privacy", "/term"];

const publicDir = path.resolve(import.meta.dirname, "../../../public");

/** The header's and the footer's links for the catalog the site starts with. */
const mainNavigation = mainNavigationOf(services);
const footerServiceLinks = footerServiceLinksOf(services, navigationWords);
const footerLinks = footerLinksOf(navigationWords);

function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { id: entry.file, index: true }
      : { id: entry.file, path: entry.path, children: entry.children && toRouteObjects(entry.children) },
  );
}

const routeObjects = toRouteObjects(routes);

/**
 * The route module that answers an address, by React Router's own ranking, or
 * why none really does: the catch-all only shows "not found", and the dynamic
 * routes answer only for values the catalog knows.
 */
function resolve(address: string): { file: string } | { problem: string } {
  const match = matchRoutes(routeObjects, address)?.at(-1);
  if (!match) return { problem: "no route matches" };
  const file = match.route.id ?? "";
  if (file === "site/routes/not-found.tsx") return { problem: "only the not-found route matches" };
  const { type, page } = match.params;
  if (type !== undefined && !services.some((service) => service.slug === type))
    return { problem: `"${type}" is not a service` };
  if (page !== undefined && !isStaticPageSlug(page)) return { problem: `"${page}" is not a static page` };
  return { file };
}

function allNavigationLinks(): NavLink[] {
  return [
    ...mainNavigation.flatMap((entry) =>
      isNavMenu(entry) ? [...entry.links, ...entry.groups.flatMap((group) => group.links)] : [entry],
    ),
    ...footerServiceLinks,
    ...footerLinks,
  ];
}

describe("services", () => {
  it("are 15, each with its own slug", () => {
    const slugs = services.map((service) => service.slug);
    expect(slugs).toHaveLength(15);
    expect(new Set(slugs).size).toBe(15);
  });

  it("fall into the specification's three groups, with exactly its slugs in each", () => {
    expect(serviceGroups.map((group) => group.id)).toEqual(Object.keys(specGroups));
    for (const [groupId, slugs] of Object.entries(specGroups)) {
      const inGroup = services.filter((service) => service.group === groupId).map((service) => service.slug);
      expect(inGroup.sort(), groupId).toEqual([...slugs].sort());
    }
  });

  it("each have a title, a short text and a drawing that exists, and every drawing a service may take exists", () => {
    for (const service of services) {
      expect(service.title.trim(), service.slug).not.toBe("");
      expect(service.short.trim(), service.slug).not.toBe("");
    }
    for (const drawing of SERVICE_DRAWINGS) {
      expect(existsSync(path.join(publicDir, drawingFile(drawing))), drawing).toBe(true);
    }
  });
});

describe("navigation", () => {
  it("has the specification's structure: Home, About, Services with All Services and the three groups, Contact", () => {
    expect(mainNavigation.map((entry) => entry.label)).toEqual(["Home", "About", "Services", "Contact"]);
    const menu = mainNavigation.find(isNavMenu);
    expect(menu?.links.map((link) => link.label)).toEqual(["All Services"]);
    expect(menu?.groups.map((group) => group.label)).toEqual([
      "Paper Packaging",
      "Commercial Printing",
      "Branding Materials",
    ]);
    for (const group of menu?.groups ?? []) {
      const slugs = specGroups[group.id as keyof typeof specGroups];
      expect(
        group.links.map((link) => link.to),
        group.id,
      ).toEqual(slugs.map((slug) => `/services/${slug}`));
    }
  });

  it("lists the footer links of the specification", () => {
    expect(footerLinks.map((link) => link.label)).toEqual([
      "Home",
      "About Us",
      "Privacy",
      "FAQ",
      "Contact",
      "Term and Condition",
    ]);
    expect(footerServiceLinks.map((link) => link.to).sort()).toEqual(
      services.map((service) => `/services/${service.slug}`).sort(),
    );
  });

  it("links only to addresses a declared route answers", () => {
    const unresolved = allNavigationLinks().flatMap((link) => {
      const result = resolve(link.to);
      return "problem" in result ? [`${link.label} → ${link.to}: ${result.problem}`] : [];
    });
    expect(unresolved).toEqual([]);
  });

  it("links only to pages that are prerendered", () => {
    const prerendered = new Set(pagePaths());
    const missing = allNavigationLinks().filter((link) => !prerendered.has(link.to));
    expect(missing).toEqual([]);
  });
});

describe("the prerender list", () => {
  it("is the catalog: every page of the specification, the quote request and every service, once each", () => {
    const expected = [
      ...specPages,
      "/quote",
      ...Object.values(specGroups).flatMap((slugs) => slugs.map((s) => `/services/${s}`)),
    ];
    const paths = pagePaths();
    expect(paths).toHaveLength(new Set(paths).size);
    expect([...paths].sort()).toEqual(expected.sort());
  });

  it("holds only addresses that a real page route answers", () => {
    const unresolved = pagePaths().flatMap((address) => {
      const result = resolve(address);
      return "problem" in result ? [`${address}: ${result.problem}`] : [];
    });
    expect(unresolved).toEqual([]);
  });

  it("resolves each address to the screen the specification names", () => {
    const fileOf = (address: string) => {
      const result = resolve(address);
      return "file" in result ? result.file : result.problem;
    };
    expect(fileOf("/")).toBe("site/routes/home.tsx");
    expect(fileOf("/about")).toBe("site/routes/about.tsx");
    expect(fileOf("/services")).toBe("site/routes/services.tsx");
    expect(fileOf("/services/box")).toBe("site/routes/service-detail.tsx");
    expect(fileOf("/faq")).toBe("site/routes/static-page.tsx");
    expect(fileOf("/quote")).toBe("site/routes/quote.tsx");
    // The checker itself must see a dead address as dead.
    expect(resolve("/services/nope")).toEqual({ problem: '"nope" is not a service' });
    expect(resolve("/nope")).toEqual({ problem: '"nope" is not a static page' });
    expect(resolve("/a/b/c")).toEqual({ problem: "only the not-found route matches" });
  });
});

describe("page content", () => {
  it("has 8 FAQ items, each a distinct question with an answer", () => {
    const faqItems = faqSeed.questions;
    expect(faqItems).toHaveLength(8);
    expect(new Set(faqItems.map((item) => item.question)).size).toBe(8);
    for (const item of faqItems) expect(item.answer.trim(), item.question).not.toBe("");
  });

  it("has 3 testimonials, each with a person's name and a quote", () => {
    expect(testimonials).toHaveLength(3);
    for (const testimonial of testimonials) {
      expect(testimonial.name.trim()).not.toBe("");
      expect(testimonial.quote.trim(), testimonial.name).not.toBe("");
    }
  });
});

describe("company settings used by the footer", () => {
  it("has a name, a tagline and a legal name", () => {
    expect(site.name.trim()).not.toBe("");
    expect(site.tagline.trim()).not.toBe("");
    expect(site.legalName.trim()).not.toBe("");
  });

  it("has a phone number to show and one a tel: link can dial", () => {
    expect(site.phone.display.trim()).not.toBe("");
    expect(site.phone.e164).toMatch(/^\+[1-9]\d{7,14}$/);
  });

  it("has an e-mail address and a full postal address", () => {
    expect(site.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
    for (const [field, value] of Object.entries(site.address)) expect(String(value).trim(), field).not.toBe("");
  });

  it("has social profiles, each a named network with an https address", () => {
    expect(site.socials.length).toBeGreaterThan(0);
    expect(new Set(site.socials.map((social) => social.network)).size).toBe(site.socials.length);
    for (const social of site.socials) expect(new URL(social.url).protocol, social.network).toBe("https:");
  });
});
