import type { CompanySettings } from "../../server/content/company-item.ts";
import type { FaqItem } from "../content/faq.ts";
import type { NavLink } from "../content/navigation.ts";
import { drawingFile, type Service } from "../content/services.ts";
import { absoluteUrl } from "../content/urls.ts";

/** Schema.org descriptions for search engines, built from the catalog. */
export type StructuredData = Record<string, unknown> & { "@type": string };

const businessId = (site: CompanySettings) => `${site.origin}/#business`;

export function localBusiness(site: CompanySettings): StructuredData {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": businessId(site),
    name: site.name,
    legalName: site.legalName,
    url: absoluteUrl(site.origin, "/"),
    logo: absoluteUrl(site.origin, "/favicon.svg"),
    image: absoluteUrl(site.origin, "/images/share.png"),
    telephone: site.phone.e164,
    email: site.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.countryCode,
    },
    areaServed: { "@type": "Country", name: site.areaServed },
    sameAs: site.socials.map((social) => social.url),
  };
}

/** What a search engine shows for a service: its photograph's widest JPEG or PNG when it has one, else its illustration. */
function serviceImage(service: Service): string {
  const widest = service.photo?.photo.fallback.variants.at(-1);
  return widest?.src ?? drawingFile(service.drawing);
}

/** A service for search engines; `description` is its text without Markdown's marks. */
export function serviceData(
  service: Service,
  description: string,
  path: string,
  site: CompanySettings,
): StructuredData {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.title,
    description,
    url: absoluteUrl(site.origin, path),
    image: absoluteUrl(site.origin, serviceImage(service)),
    serviceType: service.title,
    provider: { "@id": businessId(site) },
    areaServed: { "@type": "Country", name: site.areaServed },
  };
}

/** The trail the page banner shows, ending with the page itself. */
export function breadcrumbList(trail: readonly NavLink[], origin: string): StructuredData {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(origin, crumb.to),
    })),
  };
}

export function faqPage(items: readonly FaqItem[]): StructuredData {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}
