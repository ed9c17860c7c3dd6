import { expect, test } from "vitest";
import { createSlots } from "./slots.ts";

test("a kind's own limit and the total both bound its free slots, and each given back frees one", async () => {
  const slots = createSlots(3);
  const giveBack = slots.take("check");
  expect([slots.free(), slots.freeFor("check", 1), slots.freeFor("list")]).toEqual([2, 0, 2]);
  const others = [slots.take("list"), slots.take("list")];
  expect([slots.free(), slots.freeFor("list"), slots.freeFor("check", 5)]).toEqual([0, 0, 0]);
  let allFree = false;
  const settled = slots.allFree().then(() => {
    allFree = true;
  });
  giveBack();
  giveBack();
  expect([slots.free(), slots.freeFor("check", 1)]).toEqual([1, 1]);
  for (const give of others) give();
  await settled;
  expect([allFree, slots.free()]).toEqual([true, 3]);
});
