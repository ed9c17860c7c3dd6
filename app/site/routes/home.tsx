import { Island } from "../../islands/island.tsx";
import { ServiceCardGrid } from "../components/catalog/service-card.tsx";
import { TestimonialSlider } from "../components/sections/testimonial-slider.tsx";
import { WhyChooseUs } from "../components/sections/why-choose-us.tsx";
import { ChosenPhoto } from "../components/ui/chosen-photo.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { featuredServiceSlugs, homeSeed } from "../content/home.ts";
import { pageText } from "../content/pages.ts";
import { paths } from "../content/urls.ts";
import { companyIn } from "../lib/company.tsx";
import { buildMeta } from "../lib/meta.ts";
import { chosenPhoto, publishedItem, shownServiceCards } from "../lib/published.server.ts";
import type { Route } from "./+types/home";

export function loader({ context }: Route.LoaderArgs) {
  const home = publishedItem(context, "home", homeSeed);
  const featured = shownServiceCards(context).filter((service) =>
    (featuredServiceSlugs as readonly string[]).includes(service.slug),
  );
  return { home, heroPhoto: chosenPhoto(context, home.photo), featured };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta({ ...pageText.home, path: paths.home }, companyIn(matches));

/**
 * How wide the hero's picture is (home.css: the container's width, at most
 * 35rem; from 56em the narrower of two columns, 0.9 of 1.1 + 0.9, beside a 2rem gap).
 */
const heroPhotoSizes =
  "(min-width: 76em) 31.5rem, (min-width: 56em) calc(45vw - 2.7rem), (min-width: 37em) 35rem, calc(100vw - 2rem)";

export default function Home({ loaderData: { home, heroPhoto, featured } }: Route.ComponentProps) {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="hero__kicker">{home.kicker}</p>
            <h1 id="hero-title" className="hero__title">
              {home.heading}
            </h1>
            <p className="hero__lead">{home.lead}</p>
            <div className="hero__actions">
              <a href={home.primaryPage} className="button button--primary">
                {home.primaryLabel} <Icon name="arrow-right" size={18} />
              </a>
              <a href={home.secondaryPage} className="button button--ghost">
                {home.secondaryLabel}
              </a>
            </div>
          </div>
          {heroPhoto ? (
            <ChosenPhoto {...heroPhoto} sizes={heroPhotoSizes} className="hero__art" priority="first-view" />
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
      <WhyChooseUs reasons={home.reasons} />
      <Island name="testimonial-slider" component={TestimonialSlider} props={{ testimonials: home.testimonials }} />
    </>
  );
}
