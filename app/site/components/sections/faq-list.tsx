import type { Block } from "../../../server/content/markdown.ts";
import { useWords } from "../../lib/words.tsx";
import { MarkdownBlocks } from "../ui/markdown-blocks.tsx";

type FaqEntry = { question: string; answer: readonly Block[] };

/**
 * The questions in two columns. All share one <details> name, so the browser
 * keeps a single answer open across both columns; the first starts open.
 */
export function FaqList({ faqItems }: { faqItems: readonly FaqEntry[] }) {
  const half = Math.ceil(faqItems.length / 2);
  const columns = [faqItems.slice(0, half), faqItems.slice(half)];
  const { sections } = useWords();
  return (
    <section className="faq container" aria-label={sections.questionsAndAnswers}>
      {columns.map((items, column) => (
        <div className="faq__column" key={items[0]?.question ?? column}>
          {items.map((item, index) => (
            <details className="faq__item" name="faq" key={item.question} open={column === 0 && index === 0}>
              <summary className="faq__question">{item.question}</summary>
              <div className="faq__answer">
                <MarkdownBlocks blocks={item.answer} />
              </div>
            </details>
          ))}
        </div>
      ))}
    </section>
  );
}
