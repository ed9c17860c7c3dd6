import type { Service } from "../../content/services.ts";
import { serviceUrl } from "../../content/urls.ts";
import { usePageLanguage } from "../../lib/language.tsx";
import { useWords } from "../../lib/words.tsx";
import { Icon } from "../ui/icon.tsx";
import type { PhotoPriority } from "../ui/photo.tsx";
import { ServiceImage } from "./service-image.tsx";

/**
 * How wide a card's picture is in the grid (service-card.css: columns of at
 * least 16rem and 1.5rem gaps, in the container's padding): one column on a
 * phone, two from 35.5em, three from 55em, four from 72.5em; each a little
 * generous where the padding changes, never narrower than shown.
 */
const gridImageSizes =
  "(min-width: 72.5em) 17rem, (min-width: 55em) calc(33.4vw - 2.3rem), (min-width: 35.5em) calc(50vw - 1.75rem), calc(100vw - 2rem)";

type ServiceCardProps = {
  service: Service;
  headingLevel?: "h2" | "h3";
  /** "first-view" when the picture is what a phone shows first; lazy otherwise. */
  imagePriority?: PhotoPriority;
  /** How wide the picture is shown, when the card is not in a grid. */
  imageSizes?: string;
};

/** One service: picture, title, a line of text and a link to its page. */
export function ServiceCard({
  service,
  headingLevel: Heading = "h3",
  imagePriority = "lazy",
  imageSizes = gridImageSizes,
}: ServiceCardProps) {
  const { catalog } = useWords();
  const url = usePageLanguage().localPath(serviceUrl(service.slug));
  return (
    <article className="service-card">
      <ServiceImage
        service={service}
        className="service-card__image"
        sizes={imageSizes}
        decorative
        priority={imagePriority}
      />
      <div className="service-card__body">
        <Heading className="service-card__title">{service.title}</Heading>
        <p className="service-card__text">{service.short}</p>
        <a href={url} className="service-card__link">
          {catalog.readMore}
          {/* The title for screen readers, so every card's link names its page. */}
          <span className="visually-hidden"> {catalog.aboutService(service.title)}</span>
          <Icon name="arrow-right" size={18} />
        </a>
      </div>
    </article>
  );
}

export function ServiceCardGrid({
  services,
  headingLevel,
  opensPage = false,
}: {
  services: readonly Service[];
  headingLevel?: "h2" | "h3";
  /**
   * The grid opens the page. Its first picture is what a phone shows first, so
   * it is fetched at once and first; the others load lazily, which on a wide
   * screen still fetches those in view right after layout, but on a phone keeps
   * them from sharing the connection with the first view.
   */
  opensPage?: boolean;
}) {
  return (
    <ul className="service-grid">
      {services.map((service, index) => (
        <li key={service.slug}>
          <ServiceCard
            service={service}
            headingLevel={headingLevel}
            imagePriority={opensPage && index === 0 ? "first-view" : "lazy"}
          />
        </li>
      ))}
    </ul>
  );
}
