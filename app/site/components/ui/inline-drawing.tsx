/** A drawing of ours, read from its SVG file by the build, ready to be written into a page. */
export type Drawing = { viewBox: string; width: number; height: number; body: string };

const rootTag = /^\s*(?:<\?xml[^>]*>\s*)?<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/;

/**
 * Splits one of our SVG files into its canvas and its content. Its ids take a
 * prefix of their own, since in a page they share one namespace with every
 * other element's; the line breaks between elements go, being bytes of the
 * page that paint nothing.
 */
export function readDrawing(svg: string, idPrefix: string): Drawing {
  const match = rootTag.exec(svg);
  const viewBox = match && /\sviewBox="([^"]*)"/.exec(match[1] ?? "")?.[1];
  const [, , width, height] = (viewBox ?? "").split(/[\s,]+/).map(Number);
  if (!match || !viewBox || !width || !height)
    throw new Error(`The drawing ${idPrefix} is not one <svg> with a viewBox`);
  const body = (match[2] ?? "")
    .trim()
    .replace(/>\s+</g, "><")
    .replace(/\sid="([^"]+)"/g, (_, id: string) => ` id="${idPrefix}-${id}"`)
    .replace(/url\(#([^)]+)\)/g, (_, id: string) => `url(#${idPrefix}-${id})`)
    .replace(/href="#([^"]+)"/g, (_, id: string) => `href="#${idPrefix}-${id}"`);
  return { viewBox, width, height, body };
}

type InlineDrawingProps = {
  drawing: Drawing;
  className: string;
  /** What it shows, for a drawing that says something; none for one beside words that already do. */
  label?: string;
};

/**
 * A drawing written into the page rather than fetched: it paints with the
 * first paint, and a phone's connection carries no request for it beside the
 * page. Only for the first view's drawing, a kilobyte or two: the page must
 * still fit its first round trips.
 */
export function InlineDrawing({ drawing, className, label }: InlineDrawingProps) {
  const meaning = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <svg
      className={className}
      viewBox={drawing.viewBox}
      width={drawing.width}
      height={drawing.height}
      {...meaning}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own drawing, from public/images, read at build time.
      dangerouslySetInnerHTML={{ __html: drawing.body }}
    />
  );
}
