import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * The services' drawings in one file, one `<view>` each, so that a page of
 * cards asks for one picture file however many cards it shows: on a phone's
 * connection every request beside the first view's slows it, and a lazy card
 * near the fold starts loading while the first view still does. A drawing is
 * shown as `<img src="/images/services.svg#box">`; each stays in its own file
 * too, for the structured data and anyone linking to it.
 */

type Drawing = { id: string; svg: string };

const rootTag = /^\s*(?:<\?xml[^>]*>\s*)?<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/;

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1];
}

/** Gives the ids inside one drawing its own prefix, so two drawings' clip paths never meet. */
function ownIds(id: string, body: string): string {
  return body
    .replace(/\sid="([^"]+)"/g, (_, name: string) => ` id="${id}-${name}"`)
    .replace(/url\(#([^)]+)\)/g, (_, name: string) => `url(#${id}-${name})`)
    .replace(/href="#([^"]+)"/g, (_, name: string) => `href="#${id}-${name}"`);
}

/** Stacks the drawings one under the other, each with a view named by its id. */
export function spriteOf(drawings: readonly Drawing[]): string {
  let top = 0;
  let width = 0;
  const parts: string[] = [];
  for (const { id, svg } of drawings) {
    const match = rootTag.exec(svg);
    const viewBox = match && attribute(match[1] ?? "", "viewBox");
    const [x, y, w, h] = (viewBox ?? "").split(/[\s,]+/).map(Number);
    if (!match || x === undefined || y === undefined || !w || !h) {
      throw new Error(`The drawing ${id} is not one <svg> with a viewBox`);
    }
    parts.push(
      `<view id="${id}" viewBox="0 ${top} ${w} ${h}"/>`,
      `<svg y="${top}" width="${w}" height="${h}" viewBox="${viewBox}">${ownIds(id, (match[2] ?? "").trim())}</svg>`,
    );
    top += h;
    width = Math.max(width, w);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${top}">\n${parts.join("\n")}\n</svg>\n`;
}

function spriteFromFolder(folder: string): string {
  const files = readdirSync(folder)
    .filter((file) => file.endsWith(".svg"))
    .sort();
  return spriteOf(
    files.map((file) => ({ id: path.basename(file, ".svg"), svg: readFileSync(path.join(folder, file), "utf8") })),
  );
}

/**
 * Writes the sprite of `folder`'s drawings at `address` in the client build,
 * and answers it from the development server.
 */
export function illustrationSprite({ folder, address }: { folder: string; address: string }): Plugin {
  let source = "";
  return {
    name: "illustration-sprite",
    configResolved(config) {
      source = path.resolve(config.root, folder);
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split("?")[0] !== address) return next();
        response.setHeader("Content-Type", "image/svg+xml");
        response.end(spriteFromFolder(source));
      });
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      this.emitFile({ type: "asset", fileName: address.slice(1), source: spriteFromFolder(source) });
    },
  };
}
