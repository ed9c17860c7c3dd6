import { Island } from "../../islands/island.tsx";
import { CatalogPhoto } from "../components/catalog/catalog-photo.tsx";
import { ServiceCardGrid } from "../components/catalog/service-card.tsx";
import { TestimonialSlider } from "../components/sections/testimonial-slider.tsx";
import { WhyChooseUs } from "../components/sections/why-choose-us.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { featuredServiceSlugs, hero } from "../content/home.ts";
import { pageText } from "../content/pages.ts";
import { services } from "../content/services.ts";
import { paths } from "../content/urls.ts";
import { companyIn } from "../lib/company.tsx";
import { buildMeta } from "../lib/meta.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta({ ...pageText.home, path: paths.home }, companyIn(matches));

/**
 * How wide the hero's picture is (home.css: the container's width, at most
 * 35rem; from 56em the narrower of two columns, 0.9 of 1.1 + 0.9, beside a 2rem gap).
 */
const heroPhotoSizes =
  "(min-width: 76em) 31.5rem, (min-width: 56em) calc(45vw - 2.7rem), (min-width: 37em) 35rem, calc(100vw - 2rem)";

const featured = services.filter((service) => (featuredServiceSlugs as readonly string[]).includes(service.slug));

export default function Home() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="hero__kicker">{hero.kicker}</p>
            <h1 id="hero-title" className="hero__title">
              {pageText.home.heading}
            </h1>
            <p className="hero__lead">{hero.lead}</p>
            <div className="hero__actions">
              <a href={paths.services} className="button button--primary">
                Explore services <Icon name="arrow-right" size={18} />
              </a>
              <a href={paths.quote} className="button button--ghost">
                Get a quote
              </a>
            </div>
          </div>
          {hero.photo ? (
            <CatalogPhoto name={hero.photo} sizes={heroPhotoSizes} className="hero__art" priority="first-view" />
          ) : (
            <img className="hero__art" src="/images/hero.svg" alt="" width={560} height={440} fetchPriority="high" />
          )}
        </div>
      </section>
      <section className="section container" aria-labelledby="services-title">
        <h2 id="services-title" className="section-title">
          What we make
        </h2>
        <p className="section-intro">From product boxes to flex banners, everything your brand needs in print.</p>
        <ServiceCardGrid services={featured} />
        <p className="section-more">
          <a href={paths.services} className="button button--ghost">
            View all services <Icon name="arrow-right" size={18} />
          </a>
          <a href={paths.product} className="button button--ghost">
            Our featured product
          </a>
        </p>
      </section>
      <WhyChooseUs />
      <Island name="testimonial-slider" component={TestimonialSlider} props={{}} />
    </>
  );
}
