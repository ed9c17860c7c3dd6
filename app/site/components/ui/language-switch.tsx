/**
 * The same page in the other language: a plain link, named in that language
 * and marked as written in it, so a screen reader reads it right. No script,
 * no cookie, no redirect: following it is the choice.
 */
export type LanguageSwitch = { href: string; label: string; lang: string; hreflang: string };

export function LanguageSwitchLink({ href, label, lang, hreflang }: LanguageSwitch) {
  return (
    <a className="language-switch" href={href} lang={lang} hrefLang={hreflang}>
      {label}
    </a>
  );
}
