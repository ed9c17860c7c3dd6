import { fromMarkdown } from "mdast-util-from-markdown";

type Root = ReturnType<typeof fromMarkdown>;
type RootContent = Root["children"][number];
type Nodes = Root | RootContent;
type PhrasingContent = Extract<RootContent, { type: "paragraph" }>["children"][number];

/**
 * The Markdown the owner writes in long texts: paragraphs, lists, links, bold
 * and italics. It is read into CommonMark's syntax tree and kept as a tree of
 * only those parts, which the pages render as elements: HTML typed into a
 * text is shown as the characters typed, never as markup.
 */

export type Inline =
  | { type: "text"; value: string }
  | { type: "strong" | "emphasis"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "break" };

export type Block = { type: "paragraph"; children: Inline[] } | { type: "list"; ordered: boolean; items: Inline[][] };

/** What a text uses that the site does not show; the staff area words each. */
export type MarkdownProblem = "markdown-heading" | "markdown-image" | "markdown-code" | "markdown-other" | "link";

/** The kinds of address a link may have: a page of this site (checked against its pages), https, mail or phone. */
const EXTERNAL = /^(https:\/\/[^\s/]+\.[^\s]+|mailto:[^\s@]+@[^\s@]+|tel:\+?[\d ]{6,20})$/;

type Read = { blocks: Block[]; problems: Set<MarkdownProblem>; links: string[] };

/** Reads a text into the blocks the site shows, what it uses that the site does not, and every link's address. */
export function readMarkdown(text: string): Read {
  const read: Read = { blocks: [], problems: new Set(), links: [] };
  for (const node of fromMarkdown(text).children) {
    const block = blockOf(node, read);
    if (block) read.blocks.push(block);
  }
  return read;
}

/** The blocks of a text the schema has passed, for a page to render. */
export function markdownBlocks(text: string): Block[] {
  return readMarkdown(text).blocks;
}

/**
 * What is wrong with a text: a part the site does not show, or a link that
 * goes nowhere. `isPage` says whether a path such as /services/cake is a page
 * of the site.
 */
export function markdownProblems(text: string, isPage: (path: string) => boolean): MarkdownProblem[] {
  const read = readMarkdown(text);
  const problems = [...read.problems];
  if (read.links.some((href) => !isLinkable(href, isPage))) problems.push("link");
  return problems;
}

function isLinkable(href: string, isPage: (path: string) => boolean): boolean {
  if (href.startsWith("/") && !href.startsWith("//")) return isPage(href.split(/[?#]/)[0] as string);
  return EXTERNAL.test(href);
}

function blockOf(node: RootContent, read: Read): Block | undefined {
  switch (node.type) {
    case "paragraph":
      return { type: "paragraph", children: inlines(node.children, read) };
    case "list":
      return {
        type: "list",
        ordered: node.ordered === true,
        items: node.children.map((item) =>
          item.children.flatMap((child) => {
            if (child.type === "paragraph") return inlines(child.children, read);
            read.problems.add("markdown-other");
            return [];
          }),
        ),
      };
    case "html":
      return { type: "paragraph", children: [{ type: "text", value: node.value }] };
    case "heading":
      read.problems.add("markdown-heading");
      return { type: "paragraph", children: inlines(node.children, read) };
    case "code":
      read.problems.add("markdown-code");
      return { type: "paragraph", children: [{ type: "text", value: node.value }] };
    default:
      read.problems.add("markdown-other");
      return { type: "paragraph", children: [{ type: "text", value: plainText(node) }] };
  }
}

/** The inline parts of a node, neighbouring texts joined, as HTML typed inline is read in pieces. */
function inlines(nodes: readonly PhrasingContent[], read: Read): Inline[] {
  const joined: Inline[] = [];
  for (const part of inlineParts(nodes, read)) {
    const last = joined.at(-1);
    if (last?.type === "text" && part.type === "text")
      joined[joined.length - 1] = { type: "text", value: last.value + part.value };
    else joined.push(part);
  }
  return joined;
}

function inlineParts(nodes: readonly PhrasingContent[], read: Read): Inline[] {
  return nodes.flatMap((node): Inline[] => {
    switch (node.type) {
      case "text":
      case "html":
        return [{ type: "text", value: node.value }];
      case "strong":
      case "emphasis":
        return [{ type: node.type, children: inlines(node.children, read) }];
      case "link":
        read.links.push(node.url);
        return [{ type: "link", href: node.url, children: inlines(node.children, read) }];
      case "break":
        return [{ type: "break" }];
      case "image":
      case "imageReference":
        read.problems.add("markdown-image");
        return [{ type: "text", value: node.alt ?? "" }];
      case "inlineCode":
        read.problems.add("markdown-code");
        return [{ type: "text", value: node.value }];
      default:
        read.problems.add("markdown-other");
        return [{ type: "text", value: plainText(node) }];
    }
  });
}

function plainText(node: Nodes): string {
  if ("value" in node) return node.value;
  if ("children" in node) return node.children.map((child) => plainText(child as Nodes)).join("");
  return "";
}

/** The text a reader sees of a Markdown text, without its marks: for a meta description or a mail. */
export function markdownPlainText(text: string): string {
  const inline = (children: readonly Inline[]): string =>
    children
      .map((child) => ("value" in child ? child.value : "children" in child ? inline(child.children) : " "))
      .join("");
  return markdownBlocks(text)
    .map((block) => (block.type === "paragraph" ? inline(block.children) : block.items.map(inline).join(" ")))
    .join(" ");
}
