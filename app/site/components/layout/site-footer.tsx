import type { SocialNetwork } from "../../../server/content/company-item.ts";
import { footerLinks, footerServiceLinks, type NavLink } from "../../content/navigation.ts";
import { useCompany } from "../../lib/company.tsx";
import { useServiceLinks } from "../../lib/service-links.tsx";
import { ContactDetails } from "../ui/contact-details.tsx";
import { Icon, type IconName } from "../ui/icon.tsx";
import { Logo } from "../ui/logo.tsx";

const socialIcons: Record<SocialNetwork, IconName> = {
  Facebook: "facebook",
  Instagram: "instagram",
  LinkedIn: "linkedin",
  YouTube: "youtube",
};

export function SiteFooter() {
  const site = useCompany();
  const services = useServiceLinks();
  // A legal name often ends in "Ltd." already; the sentence must not end twice.
  const copyright = `© ${site.legalName.replace(/\.$/, "")}. All rights reserved.`;
  return (
    <footer className="site-footer">
      <div className="site-footer__grid container">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <h2 id="footer-about" className="visually-hidden">
            About {site.name}
          </h2>
          <Logo name={site.name} />
          <p>{[site.tagline && `${site.tagline}.`, site.summary].filter(Boolean).join(" ")}</p>
          <ul className="site-footer__socials">
            {site.socials.map((social) => (
              <li key={social.network}>
                <a href={social.url} rel="noopener" aria-label={`${site.name} on ${social.network}`}>
                  <Icon name={socialIcons[social.network]} size={22} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <FooterLinks id="footer-services" title="Services" links={footerServiceLinks(services)} columns />
        <FooterLinks id="footer-links" title="Useful Links" links={footerLinks} />
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__title">
            Contact
          </h2>
          <ContactDetails />
        </section>
      </div>
      <p className="site-footer__legal container">{copyright}</p>
    </footer>
  );
}

function FooterLinks({
  id,
  title,
  links,
  columns,
}: {
  id: string;
  title: string;
  links: NavLink[];
  columns?: boolean;
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="site-footer__title">
        {title}
      </h2>
      <ul className={columns ? "site-footer__links site-footer__links--columns" : "site-footer__links"}>
        {links.map((link) => (
          <li key={link.to}>
            <a href={link.to}>{link.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
