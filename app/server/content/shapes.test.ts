import { describe, expect, test } from "vitest";
import { formFieldNames, type GroupShape, readListChange, readShapedForm, shapeProblems } from "./shapes.ts";

const shape = {
  title: { kind: "line", max: 10 },
  body: { kind: "text", max: 200, markdown: true },
  points: { kind: "lines", max: 20, maxItems: 3 },
  page: { kind: "page" },
  shown: { kind: "flag" },
  photo: { kind: "photo", place: "hero" },
  people: { kind: "list", minItems: 1, maxItems: 3, of: { name: { kind: "line", max: 20 } } },
} as const satisfies GroupShape;

const facts = { isPage: (path: string) => path === "/services", isPhoto: (id: string) => id === "p1" };

const form = {
  title: " Boxes ",
  body: "Some [words](/services).",
  points: "one\r\n\r\ntwo\n",
  page: "/services",
  "photo.id": "",
  "photo.alt": "",
  "people.0.name": "Asha",
  "people.1.name": "Ravi",
  "people.2.name": "Meera",
};

describe("an item's shape", () => {
  test("reads its form into a body the schema passes", () => {
    const body = readShapedForm(shape, form);
    expect(body).toEqual({
      title: " Boxes ",
      body: "Some [words](/services).",
      points: ["one", "two"],
      page: "/services",
      shown: false,
      photo: null,
      people: [{ name: "Asha" }, { name: "Ravi" }, { name: "Meera" }],
    });
    expect(shapeProblems(shape, body, facts)).toEqual({});
  });

  test("adds, removes and moves a list's entries, within its limits", () => {
    const names = (change: string) =>
      (readShapedForm(shape, form, readListChange(change)).people as { name: string }[]).map((entry) => entry.name);
    expect(names("up:people.1")).toEqual(["Ravi", "Asha", "Meera"]);
    expect(names("down:people.1")).toEqual(["Asha", "Meera", "Ravi"]);
    expect(names("up:people.0")).toEqual(["Asha", "Ravi", "Meera"]);
    expect(names("remove:people.2")).toEqual(["Asha", "Ravi"]);
    expect(names("add:people")).toEqual(["Asha", "Ravi", "Meera"]);
    expect(readListChange("drop table")).toBeUndefined();
  });

  test("names each problem by its field in the form, all of them at once", () => {
    const body = readShapedForm(shape, {
      ...form,
      title: "A title far too long",
      "people.1.name": "",
      "photo.id": "p2",
      "photo.alt": "",
    });
    expect(shapeProblems(shape, body, facts)).toEqual({
      title: "too-long",
      "people.1.name": "missing",
      "photo.alt": "alt",
      "photo.id": "photo",
    });
    const linked = readShapedForm(shape, {
      ...form,
      body: "See [this](/nowhere).",
      "photo.id": "p2",
      "photo.alt": "A box",
    });
    expect(shapeProblems(shape, linked, facts)).toEqual({ body: "link", "photo.id": "photo" });
  });

  test("lists every name its form may post, its lists at their longest", () => {
    const names = formFieldNames(shape);
    expect(names).toContain("people.3.name");
    expect(names).toContain("photo.focusY");
    expect(names).not.toContain("people");
  });
});
