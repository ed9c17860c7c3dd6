import { Island } from "../../islands/island.tsx";
import { DEFAULT_LANGUAGE } from "../../server/content/languages.ts";
import { ServiceCardGrid } from "../components/catalog/service-card.tsx";
import { TestimonialSlider } from "../components/sections/testimonial-slider.tsx";
import { WhyChooseUs } from "../components/sections/why-choose-us.tsx";
import { ChosenPhoto } from "../components/ui/chosen-photo.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { featuredServiceSlugs } from "../content/home.ts";
import { paths } from "../content/urls.ts";
import { companyIn } from "../lib/company.tsx";
import { usePageLanguage } from "../lib/language.tsx";
import { buildMeta } from "../lib/meta.ts";
import { metaWords } from "../lib/page-words.ts";
import { chosenPhoto } from "../lib/published.server.ts";
import { serviceCardsIn } from "../lib/service-cards.server.ts";
import { itemIn, pageLanguage } from "../lib/translations.server.ts";
import { useWords } from "../lib/words.tsx";
import type { Route } from "./+types/home";

export function loader({ context, request }: Route.LoaderArgs) {
  const language = pageLanguage(request, context);
  const home = itemIn(context, "home", language);
  const featured = serviceCardsIn(context, language).filter((service) =>
    (featuredServiceSlugs as readonly string[]).includes(service.slug),
  );
  // The slider's props are written into the page: only the words it shows, in the page's language.
  const testimonials = home.testimonials.map(({ name, role, quote }) => ({ name, role, quote }));
  return { home, testimonials, heroPhoto: chosenPhoto(context, home.photo), featured };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { language, words } = metaWords(location, matches);
  return buildMeta({ ...words.pages.home, path: paths.home, language }, companyIn(matches));
};

/**
 * How wide the hero's picture is (home.css: the container's width, at most
 * 35rem; from 56em the narrower of two columns, 0.9 of 1.1 + 0.9, beside a 2rem gap).
 */
const heroPhotoSizes =
  "(min-width: 76em) 31.5rem, (min-width: 56em) calc(45vw - 2.7rem), (min-width: 37em) 35rem, calc(100vw - 2rem)";

export default function Home({ loaderData: { home, testimonials, heroPhoto, featured } }: Route.ComponentProps) {
  const { home: words, testimonials: sliderWords } = useWords();
  const { language, localPath } = usePageLanguage();
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
              <a href={localPath(home.primaryPage)} className="button button--primary">
                {home.primaryLabel} <Icon name="arrow-right" size={18} />
              </a>
              <a href={localPath(home.secondaryPage)} className="button button--ghost">
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
          {words.whatWeMake}
        </h2>
        <p className="section-intro">{words.whatWeMakeIntro}</p>
        <ServiceCardGrid services={featured} />
        <p className="section-more">
          <a href={localPath(paths.services)} className="button button--ghost">
            {words.viewAllServices} <Icon name="arrow-right" size={18} />
          </a>
          <a href={localPath(paths.product)} className="button button--ghost">
            {words.featuredProduct}
          </a>
        </p>
      </section>
      <WhyChooseUs reasons={home.reasons} />
      <Island
        name="testimonial-slider"
        component={TestimonialSlider}
        // English is the slider's own; another language's words come with the page.
        props={{ testimonials, ...(language === DEFAULT_LANGUAGE ? {} : { words: sliderWords }) }}
      />
    </>
  );
}
