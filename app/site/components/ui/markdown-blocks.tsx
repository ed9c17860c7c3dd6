import type { Block, Inline } from "../../../server/content/markdown.ts";
import { usePageLanguage } from "../../lib/language.tsx";

/**
 * A text the owner wrote in Markdown, as the server read it into blocks
 * (markdownBlocks): paragraphs, lists, links, bold and italics, and nothing
 * else. HTML typed into the text arrives as text and is shown as typed. A
 * link to one of the site's pages leads to it in the page's language, where
 * it has a version in it.
 */
export function MarkdownBlocks({ blocks, className }: { blocks: readonly Block[]; className?: string }) {
  return blocks.map((block, index) => {
    const key = `${block.type}-${index}`;
    if (block.type === "paragraph") {
      return (
        <p key={key} className={className}>
          <Inlines nodes={block.children} />
        </p>
      );
    }
    const items = block.items.map((item, itemIndex) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: a list's items are text without ids and never reorder on the page
      <li key={itemIndex}>
        <Inlines nodes={item} />
      </li>
    ));
    return block.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
  });
}

function Inlines({ nodes }: { nodes: readonly Inline[] }) {
  const { localPath } = usePageLanguage();
  return nodes.map((node, index) => {
    const key = `${node.type}-${index}`;
    switch (node.type) {
      case "text":
        return node.value;
      case "break":
        return <br key={key} />;
      case "strong":
        return (
          <strong key={key}>
            <Inlines nodes={node.children} />
          </strong>
        );
      case "emphasis":
        return (
          <em key={key}>
            <Inlines nodes={node.children} />
          </em>
        );
      default:
        return (
          <a key={key} href={localPath(node.href)}>
            <Inlines nodes={node.children} />
          </a>
        );
    }
  });
}
