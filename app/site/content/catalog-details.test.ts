import { describe, expect, it } from "vitest";
import { serviceDetails } from "./service-details.ts";
import { services } from "./services.ts";

describe("service details", () => {
  it("has the long text, features and uses of every service, and of no other", () => {
    expect(Object.keys(serviceDetails).sort()).toEqual(services.map((service) => service.slug).sort());
    for (const details of Object.values(serviceDetails)) {
      expect(details.description.length).toBeGreaterThan(80);
      expect(details.features.length).toBeGreaterThanOrEqual(3);
      expect(details.uses.length).toBeGreaterThanOrEqual(3);
    }
  });
});
