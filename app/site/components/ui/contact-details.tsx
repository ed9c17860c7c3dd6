import { formatAddress, site } from "../../content/site.ts";
import { Icon } from "./icon.tsx";

/** Phone, e-mail and address from the settings, each one a working link where it can be. */
export function ContactDetails({ withWhatsApp = false }: { withWhatsApp?: boolean }) {
  return (
    <ul className="contact-details">
      <li>
        <Icon name="phone" />
        <a href={`tel:${site.phone.e164}`}>{site.phone.display}</a>
      </li>
      {withWhatsApp && (
        <li>
          <Icon name="whatsapp" />
          <a href={`https://wa.me/${site.whatsapp.e164}`} rel="noopener">
            Chat on WhatsApp
          </a>
        </li>
      )}
      <li>
        <Icon name="mail" />
        <a href={`mailto:${site.email}`}>{site.email}</a>
      </li>
      <li>
        <Icon name="map-pin" />
        <address>{formatAddress()}</address>
      </li>
    </ul>
  );
}
