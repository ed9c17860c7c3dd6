import { SERVICE_IMAGE_SIZE, type Service } from "../../content/services.ts";
import { serviceUrl } from "../../lib/urls.ts";
import { Icon } from "../ui/icon.tsx";

type ServiceCardProps = {
  service: Service;
  headingLevel?: "h2" | "h3";
  /** The link's visible words; the title is added for screen readers so every link names its page. */
  linkLabel?: string;
  /** Above the fold: the picture loads at once, not when scrolled to. */
  eager?: boolean;
};

/** One service: picture, title, a line of text and a link to its page. */
export function ServiceCard({
  service,
  headingLevel: Heading = "h3",
  linkLabel = "Read more",
  eager = false,
}: ServiceCardProps) {
  const url = serviceUrl(service.slug);
  return (
    <article className="service-card">
      <img
        className="service-card__image"
        src={service.image}
        alt=""
        width={SERVICE_IMAGE_SIZE.width}
        height={SERVICE_IMAGE_SIZE.height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
      <div className="service-card__body">
        <Heading className="service-card__title">{service.title}</Heading>
        <p className="service-card__text">{service.short}</p>
        <a href={url} className="service-card__link">
          {linkLabel}
          <span className="visually-hidden"> about {service.title}</span>
          <Icon name="arrow-right" size={18} />
        </a>
      </div>
    </article>
  );
}

export function ServiceCardGrid({
  services,
  headingLevel,
  eager,
}: {
  services: readonly Service[];
  headingLevel?: "h2" | "h3";
  /** The grid opens the page, so its pictures are what the visitor sees first. */
  eager?: boolean;
}) {
  return (
    <ul className="service-grid">
      {services.map((service) => (
        <li key={service.slug}>
          <ServiceCard service={service} headingLevel={headingLevel} eager={eager} />
        </li>
      ))}
    </ul>
  );
}
