import { faqItems } from "../../content/faq.ts";

/**
 * The questions in two columns. All share one <details> name, so the browser
 * keeps a single answer open across both columns; the first starts open.
 */
export function FaqList() {
  const half = Math.ceil(faqItems.length / 2);
  const columns = [faqItems.slice(0, half), faqItems.slice(half)];
  return (
    <section className="faq container" aria-label="Questions and answers">
      {columns.map((items, column) => (
        <div className="faq__column" key={items[0]?.question ?? column}>
          {items.map((item, index) => (
            <details className="faq__item" name="faq" key={item.question} open={column === 0 && index === 0}>
              <summary className="faq__question">{item.question}</summary>
              <p className="faq__answer">{item.answer}</p>
            </details>
          ))}
        </div>
      ))}
    </section>
  );
}
