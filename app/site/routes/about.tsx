import { CatalogPhoto } from "../components/catalog/catalog-photo.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { aboutFigures, aboutIntro, aboutPhoto, facilities, values } from "../content/about.ts";
import { homeTrail } from "../content/navigation.ts";
import { pageText } from "../content/pages.ts";
import { paths } from "../content/urls.ts";
import { companyIn } from "../lib/company.tsx";
import { buildMeta } from "../lib/meta.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta({ ...pageText.about, path: paths.about, trail: homeTrail }, companyIn(matches));

/** How wide the photograph is (about.css: the introduction's width, at most 48rem, in the container's padding). */
const aboutPhotoSizes = "(min-width: 52em) 48rem, (min-width: 48em) calc(100vw - 4rem), calc(100vw - 2rem)";

export default function About() {
  return (
    <>
      <PageBanner heading={pageText.about.heading} trail={homeTrail} />
      <div className="container section about">
        <section className="about__intro" aria-labelledby="who-we-are">
          <h2 id="who-we-are" className="section-title">
            Who we are
          </h2>
          {aboutPhoto && (
            <CatalogPhoto name={aboutPhoto} sizes={aboutPhotoSizes} className="about__photo" priority="first-view" />
          )}
          {aboutIntro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <section aria-labelledby="in-figures">
          <h2 id="in-figures" className="visually-hidden">
            In figures
          </h2>
          <dl className="about__figures">
            {aboutFigures.map((figure) => (
              <div key={figure.label}>
                <dt>{figure.label}</dt>
                <dd>{figure.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="facilities">
          <h2 id="facilities" className="section-title">
            Our facilities
          </h2>
          <ul className="check-list">
            {facilities.map((facility) => (
              <li key={facility}>{facility}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="values">
          <h2 id="values" className="section-title">
            What we stand for
          </h2>
          <ul className="card-grid">
            {values.map((value) => (
              <li key={value.title} className="card">
                <h3>{value.title}</h3>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
