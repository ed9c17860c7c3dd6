import { formatCompanyAddress } from "../../../server/company.ts";
import { useCompany } from "../../lib/company.tsx";
import { Icon } from "./icon.tsx";

/** Phone, e-mail and address as published, each one a working link where it can be. */
export function ContactDetails({ withWhatsApp = false }: { withWhatsApp?: boolean }) {
  const site = useCompany();
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
        <address>{formatCompanyAddress(site)}</address>
      </li>
    </ul>
  );
}
