import type { HomeContent, ReasonIcon } from "../../../server/content/page-items.ts";
import { useWords } from "../../lib/words.tsx";
import { Icon, type IconName } from "../ui/icon.tsx";

const reasonIcons: Record<ReasonIcon, IconName> = {
  press: "layers",
  quality: "check",
  clock: "clock",
  truck: "truck",
  leaf: "leaf",
  rupee: "rupee",
};

export function WhyChooseUs({ reasons }: { reasons: HomeContent["reasons"] }) {
  const { sections } = useWords();
  return (
    <section className="why section" aria-labelledby="why-title">
      <div className="container">
        <h2 id="why-title" className="section-title">
          {sections.whyChooseUs}
        </h2>
        <ul className="why__grid">
          {reasons.map((reason) => (
            <li key={`${reason.icon}-${reason.title}`} className="why__item">
              <span className="why__icon">
                <Icon name={reasonIcons[reason.icon]} size={28} />
              </span>
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
