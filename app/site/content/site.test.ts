import * as v from "valibot";
import { expect, test } from "vitest";
import { companySchema } from "../../server/content/company-item.ts";
import { site } from "./site.ts";

test("the company's details in this file, the seed of a fresh database, pass the schema the owner's edits pass", () => {
  const result = v.safeParse(companySchema, site);
  expect(result.success ? [] : result.issues.map((issue) => issue.message)).toEqual([]);
});
