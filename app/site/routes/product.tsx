import { markdownBlocks } from "../../server/content/markdown.ts";
import { ServiceCard } from "../components/catalog/service-card.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { MarkdownBlocks } from "../components/ui/markdown-blocks.tsx";
import { paths, quoteUrl } from "../content/urls.ts";
import { companyIn } from "../lib/company.tsx";
import { usePageLanguage } from "../lib/language.tsx";
import { buildMeta } from "../lib/meta.ts";
import { metaWords, useTrails } from "../lib/page-words.ts";
import { serviceCardsIn } from "../lib/service-cards.server.ts";
import { itemIn, pageLanguage } from "../lib/translations.server.ts";
import { useWords } from "../lib/words.tsx";
import type { Route } from "./+types/product";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { language, words, trails } = metaWords(location, matches);
  return buildMeta({ ...words.pages.product, path: paths.product, trail: trails.home, language }, companyIn(matches));
};

export function loader({ context, request }: Route.LoaderArgs) {
  const language = pageLanguage(request, context);
  const product = itemIn(context, "product", language);
  const slug = product.featured.startsWith(servicesPath) ? product.featured.slice(servicesPath.length) : "";
  const services = serviceCardsIn(context, language);
  return { intro: markdownBlocks(product.intro), featured: services.find((service) => service.slug === slug) };
}

const servicesPath = `${paths.services}/`;

/** The card fills the container (the whole width, in its padding, up to 76rem). */
const cardImageSizes = "(min-width: 76em) 72rem, (min-width: 48em) calc(100vw - 4rem), calc(100vw - 2rem)";

export default function Product({ loaderData: { intro, featured } }: Route.ComponentProps) {
  const { pages, catalog } = useWords();
  const { localPath } = usePageLanguage();
  return (
    <>
      <PageBanner heading={pages.product.heading} trail={useTrails().home} />
      <div className="container section product-page">
        <MarkdownBlocks blocks={intro} />
        {featured && (
          <>
            <ServiceCard service={featured} headingLevel="h2" imageSizes={cardImageSizes} imagePriority="first-view" />
            <p className="product-page__quote">
              <a href={localPath(quoteUrl(featured.slug))} className="button button--primary">
                {catalog.getQuote}
              </a>
            </p>
          </>
        )}
      </div>
    </>
  );
}
