import { markdownBlocks } from "../../server/content/markdown.ts";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { ChosenPhoto } from "../components/ui/chosen-photo.tsx";
import { MarkdownBlocks } from "../components/ui/markdown-blocks.tsx";
import { trailsIn } from "../content/navigation.ts";
import { paths } from "../content/urls.ts";
import { wordsFor } from "../lib/catalogues.ts";
import { companyIn } from "../lib/company.tsx";
import { languageOf, localPathIn, translatedIn, usePageLanguage } from "../lib/language.tsx";
import { buildMeta } from "../lib/meta.ts";
import { chosenPhoto } from "../lib/published.server.ts";
import { itemIn, pageLanguage } from "../lib/translations.server.ts";
import { useWords } from "../lib/words.tsx";
import type { Route } from "./+types/about";

export function loader({ context, request }: Route.LoaderArgs) {
  const about = itemIn(context, "about", pageLanguage(request, context));
  return { about, intro: markdownBlocks(about.intro), photo: chosenPhoto(context, about.photo) };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const language = languageOf(location);
  const { pages, navigation } = wordsFor(language);
  const trail = trailsIn(navigation, localPathIn(language, translatedIn(matches))).home;
  return buildMeta({ ...pages.about, path: paths.about, trail, language }, companyIn(matches));
};

/** How wide the photograph is (about.css: the introduction's width, at most 48rem, in the container's padding). */
const aboutPhotoSizes = "(min-width: 52em) 48rem, (min-width: 48em) calc(100vw - 4rem), calc(100vw - 2rem)";

export default function About({ loaderData: { about, intro, photo } }: Route.ComponentProps) {
  const { pages, navigation, about: words } = useWords();
  const { localPath } = usePageLanguage();
  return (
    <>
      <PageBanner heading={pages.about.heading} trail={trailsIn(navigation, localPath).home} />
      <div className="container section about">
        <section className="about__intro" aria-labelledby="who-we-are">
          <h2 id="who-we-are" className="section-title">
            {words.whoWeAre}
          </h2>
          {photo && <ChosenPhoto {...photo} sizes={aboutPhotoSizes} className="about__photo" priority="first-view" />}
          <MarkdownBlocks blocks={intro} />
        </section>
        <section aria-labelledby="in-figures">
          <h2 id="in-figures" className="visually-hidden">
            {words.inFigures}
          </h2>
          <dl className="about__figures">
            {about.figures.map((figure) => (
              <div key={figure.label}>
                <dt>{figure.label}</dt>
                <dd>{figure.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="facilities">
          <h2 id="facilities" className="section-title">
            {words.facilities}
          </h2>
          <ul className="check-list">
            {about.facilities.map((facility) => (
              <li key={facility}>{facility}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="values">
          <h2 id="values" className="section-title">
            {words.values}
          </h2>
          <ul className="card-grid">
            {about.values.map((value) => (
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
