import type { SocialNetwork } from "../../../server/content/company-item.ts";
import { footerLinks, footerServiceLinks, type NavLink } from "../../content/navigation.ts";
import { useCompany } from "../../lib/company.tsx";
import { usePageLanguage } from "../../lib/language.tsx";
import { useServiceLinks } from "../../lib/service-links.tsx";
import { useWords } from "../../lib/words.tsx";
import { ContactDetails } from "../ui/contact-details.tsx";
import { Icon, type IconName } from "../ui/icon.tsx";
import { type LanguageSwitch, LanguageSwitchLink } from "../ui/language-switch.tsx";
import { Logo } from "../ui/logo.tsx";

const socialIcons: Record<SocialNetwork, IconName> = {
  Facebook: "facebook",
  Instagram: "instagram",
  LinkedIn: "linkedin",
  YouTube: "youtube",
};

export function SiteFooter({ switcher }: { switcher: LanguageSwitch | undefined }) {
  const site = useCompany();
  const services = useServiceLinks();
  const { frame, navigation } = useWords();
  const { localPath } = usePageLanguage();
  return (
    <footer className="site-footer">
      <div className="site-footer__grid container">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <h2 id="footer-about" className="visually-hidden">
            {frame.aboutCompany(site.name)}
          </h2>
          <Logo name={site.name} />
          <p>{[site.tagline && `${site.tagline}.`, site.summary].filter(Boolean).join(" ")}</p>
          <ul className="site-footer__socials">
            {site.socials.map((social) => (
              <li key={social.network}>
                <a href={social.url} rel="noopener" aria-label={frame.onNetwork(site.name, social.network)}>
                  <Icon name={socialIcons[social.network]} size={22} />
                </a>
              </li>
            ))}
          </ul>
          {switcher && <LanguageSwitchLink {...switcher} />}
        </section>
        <FooterLinks
          id="footer-services"
          title={frame.footerServices}
          links={footerServiceLinks(services, navigation).map((link) => ({ ...link, to: localPath(link.to) }))}
          columns
        />
        <FooterLinks
          id="footer-links"
          title={frame.footerLinks}
          links={footerLinks(navigation).map((link) => ({ ...link, to: localPath(link.to) }))}
        />
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__title">
            {frame.footerContact}
          </h2>
          <ContactDetails />
        </section>
      </div>
      <p className="site-footer__legal container">{frame.copyright(site.legalName)}</p>
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
