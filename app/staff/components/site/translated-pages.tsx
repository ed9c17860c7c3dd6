import { pathIn, type Translation } from "../../../server/content/languages.ts";
import { PAGE_ITEMS, type PageTranslations } from "../../../server/content/page-translations.ts";
import { framePages, pageOfItem, serviceUrl } from "../../../site/content/urls.ts";
import { siteEditorText, translatedPagesText as text, translationNames } from "../../content/site-editor.ts";
import { staffPaths } from "../../paths.ts";
import { translationControl } from "./field-names.ts";

/** A page of the site, and where its texts not yet translated are edited. */
type Page = { name: string; path: string; missing: readonly string[]; editor: string };

/**
 * Which pages of the site have a version in a language now (each a link to
 * it), and which wait for a translation: how many texts, with a link to the
 * first in its editor.
 */
export function TranslatedPages({ language, unnamed, items, services }: { language: Translation } & PageTranslations) {
  const name = translationNames[language];
  const servicesEditor = staffPaths.siteItem("services");
  const pages: Page[] = [
    ...framePages.map((path) => ({ name: text.framePages[path] ?? path, path, missing: [], editor: servicesEditor })),
    ...PAGE_ITEMS.map((item) => ({
      name: siteEditorText.items[item] ?? item,
      path: pageOfItem[item],
      missing: items[item],
      editor: staffPaths.siteItem(item),
    })),
    ...services.map((service) => ({
      name: text.service(service.title),
      path: serviceUrl(service.slug),
      missing: service.missing,
      editor: servicesEditor,
    })),
  ];
  const named = unnamed.length === 0;
  const ready = named ? pages.filter((page) => page.missing.length === 0) : [];
  const waiting = pages.filter((page) => !named || page.missing.length > 0);
  const firstOf = (page: Page) => `${page.editor}#${translationControl(page.missing[0] ?? "", language)}`;
  const headingId = `pages-in-${language}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{text.heading(name)}</h2>
      <p>{text.intro(name)}</p>
      {!named && (
        <p className="staff-notice">
          {text.unnamed(unnamed.length, name)}{" "}
          <a href={`${servicesEditor}#${translationControl(`services.${unnamed[0]?.index}.title`, language)}`}>
            {text.translateNames}
          </a>
        </p>
      )}
      <h3>{text.ready(name)}</h3>
      {ready.length === 0 ? (
        <p>{text.noneReady}</p>
      ) : (
        <ul className="site-pages">
          {ready.map((page) => (
            <li key={page.path}>
              <a href={pathIn(language, page.path)}>{page.name}</a> <span>{pathIn(language, page.path)}</span>
            </li>
          ))}
        </ul>
      )}
      <h3>{text.waiting}</h3>
      {waiting.length === 0 ? (
        <p>{text.noneWaiting(name)}</p>
      ) : (
        <ul className="site-pages">
          {waiting.map((page) => (
            <li key={page.path}>
              {page.name}:{" "}
              {page.missing.length > 0 ? (
                <a href={firstOf(page)}>{text.texts(page.missing.length)}</a>
              ) : (
                text.afterNames
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
