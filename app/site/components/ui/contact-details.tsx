import { formatCompanyAddress } from "../../../server/company.ts";
import { useCompany } from "../../lib/company.tsx";
import { useWords } from "../../lib/words.tsx";
import { Icon } from "./icon.tsx";

/** Phone, e-mail and address as published, each one a working link where it can be. */
export function ContactDetails({ withWhatsApp = false }: { withWhatsApp?: boolean }) {
  const site = useCompany();
  const { sections } = useWords();
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
            {sections.chatOnWhatsApp}
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
