import { markdownBlocks } from "../../server/content/markdown.ts";
import { ServiceCard } from "../components/catalog/service-card.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { MarkdownBlocks } from "../components/ui/markdown-blocks.tsx";
import { homeTrail } from "../content/navigation.ts";
import { pageText } from "../content/pages.ts";
import { productSeed } from "../content/product.ts";
import { paths, quoteUrl } from "../content/urls.ts";
import { companyIn } from "../lib/company.tsx";
import { buildMeta } from "../lib/meta.ts";
import { publishedItem, shownServiceCards } from "../lib/published.server.ts";
import type { Route } from "./+types/product";

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta({ ...pageText.product, path: paths.product, trail: homeTrail }, companyIn(matches));

export function loader({ context }: Route.LoaderArgs) {
  const product = publishedItem(context, "product", productSeed);
  const slug = product.featured.startsWith(servicesPath) ? product.featured.slice(servicesPath.length) : "";
  const services = shownServiceCards(context);
  return { intro: markdownBlocks(product.intro), featured: services.find((service) => service.slug === slug) };
}

const servicesPath = `${paths.services}/`;

/** The card fills the container (the whole width, in its padding, up to 76rem). */
const cardImageSizes = "(min-width: 76em) 72rem, (min-width: 48em) calc(100vw - 4rem), calc(100vw - 2rem)";

export default function Product({ loaderData: { intro, featured } }: Route.ComponentProps) {
  return (
    <>
      <PageBanner heading={pageText.product.heading} trail={homeTrail} />
      <div className="container section product-page">
        <MarkdownBlocks blocks={intro} />
        {featured && (
          <>
            <ServiceCard service={featured} headingLevel="h2" imageSizes={cardImageSizes} imagePriority="first-view" />
            <p className="product-page__quote">
              <a href={quoteUrl(featured.slug)} className="button button--primary">
                Get a quote
              </a>
            </p>
          </>
        )}
      </div>
    </>
  );
}
