import fontUrl from "brand-font.woff2?url";
import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  type RouterContextProvider,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import favicon from "../public/favicon.svg?raw";
import type { Route } from "./+types/root";
import { Island } from "./islands/island.tsx";
import { PageScripts } from "./islands/page-scripts.tsx";
import { siteContentContext } from "./request-context.server.ts";
import { DEFAULT_LANGUAGE, HTML_LANG, type Language, languageOfPath } from "./server/content/languages.ts";
import { shownServices } from "./server/content/services-item.ts";
import { LanguageAlternates, languageSwitch, pageVersions } from "./site/components/layout/language-alternates.tsx";
import { Preloader, PreloaderSkip } from "./site/components/layout/preloader.tsx";
import { SiteFooter } from "./site/components/layout/site-footer.tsx";
import { SiteHeader } from "./site/components/layout/site-header.tsx";
import { SkipLink } from "./site/components/layout/skip-link.tsx";
import { SpeculationRules } from "./site/components/layout/speculation-rules.tsx";
import { ErrorPanel } from "./site/components/status/error-panel.tsx";
import { NotFoundPanel } from "./site/components/status/not-found-panel.tsx";
import { normalizePath, pagePaths } from "./site/content/urls.ts";
import { wordsFor } from "./site/lib/catalogues.ts";
import { CompanyProvider, companyIn, useCompany } from "./site/lib/company.tsx";
import { LanguageProvider } from "./site/lib/language.tsx";
import { buildMeta } from "./site/lib/meta.ts";
import { preloaderMs } from "./site/lib/preloader.ts";
import { ServiceLinksProvider, useServiceLinks } from "./site/lib/service-links.tsx";
import { svgDataUrl } from "./site/lib/svg-data-url.ts";
import { itemIn, requestedPage, translatedPaths } from "./site/lib/translations.server.ts";
import { useWords, WordsProvider } from "./site/lib/words.tsx";
import { devanagariCss, devanagariFonts, staffDevanagariCss } from "./site/styles/devanagari.ts";
import siteCss from "./site/styles/site.css?inline";
import { PreviewBanner } from "./staff/components/preview-banner.tsx";
import { StaffNotFound } from "./staff/components/staff-not-found.tsx";
import { StaffOwnersOnly } from "./staff/components/staff-owners-only.tsx";
import { ownersOnlyText } from "./staff/content/roles.ts";
import { staffPageMeta } from "./staff/lib/page.ts";
import { isStaffPath } from "./staff/paths.ts";
import staffCss from "./staff/styles/staff.css?inline";

// In the page rather than at /favicon.svg (which stays, for whoever asks): no request beside the first view's.
const faviconUrl = svgDataUrl(favicon);

export const links: Route.LinksFunction = () => [
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // Only where the brand face is used: the wide layout (site/styles/global.css).
  {
    rel: "preload",
    href: fontUrl,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous",
    media: "(min-width: 64em)",
  },
];

/** The company's details every page's frame shows, as published (none at build time: the site's files). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  const { language } = requestedPage(request);
  const services = content || language !== DEFAULT_LANGUAGE ? serviceLinks(context, language) : null;
  return {
    company: content?.company ?? null,
    services,
    preview: content?.preview ?? false,
    // The pages that have a Hindi version, for the links and the language switcher.
    translated: isStaffPath(new URL(request.url).pathname) ? [] : translatedPaths(context, "hi"),
  };
}

/** The services the menus list, named in the page's language. */
function serviceLinks(context: Readonly<RouterContextProvider>, language: Language) {
  return shownServices(itemIn(context, "services", language)).map(({ slug, title, group }) => ({ slug, title, group }));
}

export const meta: Route.MetaFunction = ({ error, location, matches }) => {
  if (!error) return [];
  if (isOwnersOnly(error, location.pathname)) return staffPageMeta(ownersOnlyText.title);
  const { pages } = wordsFor(languageOfPath(location.pathname).language);
  return buildMeta(isNotFound(error) ? pages.notFound : pages.error, companyIn(matches));
};

export function Layout({ children }: { children: ReactNode }) {
  const currentPath = normalizePath(useLocation().pathname);
  const root = useRouteLoaderData<typeof loader>("root");
  if (isStaffPath(currentPath)) return <StaffLayout>{children}</StaffLayout>;
  const { language } = languageOfPath(currentPath);
  const translated = root?.translated ?? [];
  return (
    <CompanyProvider company={root?.company}>
      <ServiceLinksProvider links={root?.services}>
        <LanguageProvider language={language} translated={translated}>
          <WordsProvider words={wordsFor(language)}>
            <PublicLayout currentPath={currentPath} preview={root?.preview ?? false} translated={translated}>
              {children}
            </PublicLayout>
          </WordsProvider>
        </LanguageProvider>
      </ServiceLinksProvider>
    </CompanyProvider>
  );
}

function PublicLayout({
  currentPath,
  preview,
  translated,
  children,
}: {
  currentPath: string;
  preview: boolean;
  translated: readonly string[];
  children: ReactNode;
}) {
  const company = useCompany();
  const services = useServiceLinks();
  const words = useWords();
  const { language, path } = languageOfPath(currentPath);
  // A page that is not one (an error, a refusal) has no other version to offer. Without an error, React Router gives null.
  const page = !useRouteError() && pagePaths(services).includes(path);
  const versions = page ? pageVersions(path, translated) : [];
  const switcher = languageSwitch(versions, language);
  return (
    <html lang={HTML_LANG[language]}>
      <FrameHead css={language === DEFAULT_LANGUAGE ? siteCss : `${siteCss}${devanagariCss}`} icon={faviconUrl}>
        <PreloaderSkip durationMs={preloaderMs} />
        <SpeculationRules />
        <noscript>
          <link rel="stylesheet" href="/no-script.css" />
        </noscript>
        <LanguageAlternates versions={versions} origin={company.origin} />
        {language !== DEFAULT_LANGUAGE &&
          devanagariFonts.map((href) => (
            <link
              key={href}
              rel="preload"
              href={href}
              as="font"
              type="font/woff2"
              crossOrigin="anonymous"
              media="(min-width: 64em)"
            />
          ))}
      </FrameHead>
      <body>
        {preview && <PreviewBanner />}
        <SkipLink label={words.frame.skipLink} />
        <Preloader durationMs={preloaderMs} />
        <Island
          name="site-header"
          component={SiteHeader}
          props={{
            currentPath,
            companyName: company.name,
            services,
            ...(switcher ? { switcher } : {}),
            // English is the island's own; another language's words come with the page.
            ...(language === DEFAULT_LANGUAGE ? {} : { language, words: words.navigation, translated }),
          }}
        />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter switcher={switcher} />
        <PageScripts />
      </body>
    </html>
  );
}

/**
 * The staff area's frame (/inbox and everything under it): rendered for each
 * request, with its own stylesheet and none of the public site's frame: no
 * preloader, no prefetching, no header or footer and their scripts. A staff
 * page that needs a script (an island, such as a passkey button) says so with
 * `export const handle = { scripts: true }`; the others load none.
 */
function StaffLayout({ children }: { children: ReactNode }) {
  const wantsScripts = useMatches().some((match) => (match.handle as { scripts?: unknown } | undefined)?.scripts);
  return (
    <html lang="en">
      {/* The file, not the data: address: the staff area's policy allows images from the site alone. */}
      <FrameHead css={`${staffCss}${staffDevanagariCss}`} icon="/favicon.svg" />
      <body className="staff">
        <SkipLink />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {wantsScripts ? <PageScripts /> : null}
      </body>
    </html>
  );
}

/** The head both frames share, each with its own stylesheet; a frame adds what only it needs after it. */
function FrameHead({ css, icon, children }: { css: string; icon: string; children?: ReactNode }) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="theme-color" content="#12355b" />
      <Meta />
      <link rel="icon" href={icon} type="image/svg+xml" />
      <Links />
      <InlineStyles css={css} />
      {children}
    </head>
  );
}

/** A stylesheet, inline, so the first paint waits for no request; the page's policy allows it by its hash. */
function InlineStyles({ css }: { css: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, from the build.
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}

export default function App() {
  return <Outlet />;
}

function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/** A signed-in staff member on a page only an owner may use (requireOwner). */
function isOwnersOnly(error: unknown, pathname: string): boolean {
  return isRouteErrorResponse(error) && error.status === 403 && isStaffPath(pathname);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const staff = isStaffPath(pathname);
  if (isOwnersOnly(error, pathname)) return <StaffOwnersOnly />;
  if (isNotFound(error)) return staff ? <StaffNotFound /> : <NotFoundPanel />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPanel status={isRouteErrorResponse(error) ? error.status : 500} />;
}
