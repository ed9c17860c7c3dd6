import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import type { Photo as PhotoFiles } from "../../content/photo.ts";
import { defaultVariant, Photo, srcSet } from "./photo.tsx";

const variants = (extension: string) =>
  [320, 640, 960].map((width) => ({ src: `/assets/counter-${width}.${extension}`, width }));

const photo: PhotoFiles = {
  width: 960,
  height: 720,
  color: "#c9b79c",
  avif: variants("avif"),
  webp: variants("webp"),
  fallback: { type: "image/jpeg", variants: variants("jpg") },
};

const sizes = "(min-width: 40em) 30rem, 100vw";

type Tag = { name: string; attributes: Map<string, string> };

/** The tags of rendered HTML in order, with their attributes (lower-cased names, as a browser reads them). */
function tags(html: string): Tag[] {
  return [...html.matchAll(/<(\w+)([^>]*?)\/?>/g)].map(([, name = "", attributes = ""]) => ({
    name,
    attributes: new Map(
      [...attributes.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, key = "", value = ""]) => [key.toLowerCase(), value]),
    ),
  }));
}

function render(priority?: "first-view" | "eager" | "lazy") {
  const html = renderToString(
    <Photo photo={photo} alt="Boxes on a counter" sizes={sizes} className="card__image" priority={priority} />,
  );
  const rendered = tags(html);
  expect(rendered.map((tag) => tag.name)).toEqual(["picture", "source", "source", "img"]);
  const [, avif, webp, image] = rendered as [Tag, Tag, Tag, Tag];
  return { sources: [avif.attributes, webp.attributes], image: image.attributes };
}

describe("Photo", () => {
  test("offers AVIF, then WebP, then the original format, each at every width with the same sizes", () => {
    const { sources, image } = render();
    expect(sources.map((source) => source.get("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]?.get("srcset")).toBe(
      "/assets/counter-320.avif 320w, /assets/counter-640.avif 640w, /assets/counter-960.avif 960w",
    );
    for (const element of [...sources, image]) expect(element.get("sizes")).toBe(sizes);
    expect(image.get("srcset")).toBe(srcSet(photo.fallback.variants));
    expect(image.get("src")).toBe("/assets/counter-640.jpg");
  });

  test("holds its place with its size and fills it with its colour until it loads", () => {
    const { image } = render();
    expect(image.get("width")).toBe("960");
    expect(image.get("height")).toBe("720");
    expect(image.get("alt")).toBe("Boxes on a counter");
    expect(image.get("class")).toBe("card__image");
    expect(image.get("style")).toBe("background-color:#c9b79c");
  });

  test("below the fold, waits to be scrolled near; the first view's picture comes at once and first", () => {
    const lazy = render().image;
    expect(lazy.get("loading")).toBe("lazy");
    expect(lazy.get("decoding")).toBe("async");
    expect(lazy.has("fetchpriority")).toBe(false);

    const eager = render("eager").image;
    expect(eager.get("loading")).toBe("eager");
    expect(eager.has("fetchpriority")).toBe(false);

    const first = render("first-view").image;
    expect(first.get("loading")).toBe("eager");
    expect(first.get("fetchpriority")).toBe("high");
    expect(first.has("decoding")).toBe(false);
  });
});

describe("defaultVariant", () => {
  test("is the first file at least 640 px wide, or the widest there is", () => {
    expect(defaultVariant(variants("jpg")).width).toBe(640);
    expect(defaultVariant([{ src: "/a.jpg", width: 300 }]).width).toBe(300);
  });
});
