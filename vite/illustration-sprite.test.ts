import { describe, expect, test } from "vitest";
import { spriteOf } from "./illustration-sprite.ts";

const drawing = (body: string, viewBox = "0 0 480 360") =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="480" height="360" role="img">\n${body}\n</svg>\n`;

describe("spriteOf", () => {
  const sprite = spriteOf([
    { id: "box", svg: drawing('<rect width="480" height="360" fill="#f7f3ec"/>') },
    {
      id: "cake",
      svg: drawing(
        '<clipPath id="w"><rect width="10" height="10"/></clipPath><g clip-path="url(#w)"><use href="#w"/></g>',
      ),
    },
  ]);

  test("stacks the drawings one under the other, each with a view named by its id", () => {
    expect(sprite).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 480 720">/);
    expect(sprite).toContain('<view id="box" viewBox="0 0 480 360"/>');
    expect(sprite).toContain('<view id="cake" viewBox="0 360 480 360"/>');
    expect(sprite).toContain('<svg y="360" width="480" height="360" viewBox="0 0 480 360">');
  });

  test("gives each drawing's own ids its prefix, so two drawings' clip paths never meet", () => {
    expect(sprite).toContain('<clipPath id="cake-w">');
    expect(sprite).toContain('clip-path="url(#cake-w)"');
    expect(sprite).toContain('href="#cake-w"');
    expect(sprite).not.toMatch(/id="w"|#w\b/);
  });

  test("refuses a file that is not one drawing with a viewBox, naming it", () => {
    expect(() => spriteOf([{ id: "flex", svg: "<svg><rect/></svg>" }])).toThrow(/flex/);
    expect(() => spriteOf([{ id: "flex", svg: "<png/>" }])).toThrow(/flex/);
  });
});
