import { describe, expect, test } from "vitest";
import { gstStates } from "./gstin.ts";
import { isPinCode, stateForPinCode } from "./pin-code.ts";

describe("PIN codes as buyers type them", () => {
  test.each(["110001", "400001", " 560001 ", "999999"])("%j is a PIN code", (pin) => {
    expect(isPinCode(pin)).toBe(true);
  });

  test.each([
    ["five digits", "40001"],
    ["seven digits", "4000011"],
    ["a letter", "40000I"],
    ["a leading 0", "012345"],
    ["a space inside", "400 001"],
    ["nothing", ""],
  ])("a PIN with %s is asked for again", (_, pin) => {
    expect(isPinCode(pin)).toBe(false);
    expect(stateForPinCode(pin)).toBeUndefined();
  });
});

describe("the state a PIN code delivers to", () => {
  test.each([
    ["110001", "New Delhi", "Delhi"],
    ["400001", "Mumbai", "Maharashtra"],
    ["560001", "Bengaluru", "Karnataka"],
    ["600001", "Chennai", "Tamil Nadu"],
    ["700001", "Kolkata", "West Bengal"],
    ["380001", "Ahmedabad", "Gujarat"],
    ["403001", "Panaji", "Goa"],
    ["160017", "Chandigarh", "Chandigarh"],
    ["737101", "Gangtok", "Sikkim"],
    ["834001", "Ranchi", "Jharkhand"],
    ["248001", "Dehradun", "Uttarakhand"],
    ["500001", "Hyderabad", "Telangana"],
    ["781001", "Guwahati", "Assam"],
    ["226001", "Lucknow", "Uttar Pradesh"],
    ["800001", "Patna", "Bihar"],
    ["302001", "Jaipur", "Rajasthan"],
    ["462001", "Bhopal", "Madhya Pradesh"],
    ["492001", "Raipur", "Chhattisgarh"],
    ["520001", "Vijayawada", "Andhra Pradesh"],
    ["682001", "Kochi", "Kerala"],
    ["751001", "Bhubaneswar", "Odisha"],
    ["122001", "Gurugram", "Haryana"],
    ["141001", "Ludhiana", "Punjab"],
    ["171001", "Shimla", "Himachal Pradesh"],
    ["190001", "Srinagar", "Jammu and Kashmir"],
  ])("%s (%s) is in %s", (pin, _, state) => {
    expect(stateForPinCode(pin)).toBe(state);
  });

  test.each([
    ["194101", "Leh", "Ladakh"],
    ["744101", "Port Blair", "Andaman and Nicobar Islands"],
    ["605001", "Puducherry", "Puducherry"],
    ["609602", "Karaikal", "Puducherry"],
    ["673310", "Mahe", "Puducherry"],
    ["682555", "Kavaratti", "Lakshadweep"],
    ["396210", "Daman", "Dadra and Nagar Haveli and Daman and Diu"],
    ["362520", "Diu", "Dadra and Nagar Haveli and Daman and Diu"],
    ["160055", "Mohali", "Punjab"],
    ["791111", "Itanagar", "Arunachal Pradesh"],
    ["793001", "Shillong", "Meghalaya"],
    ["795001", "Imphal", "Manipur"],
    ["796001", "Aizawl", "Mizoram"],
    ["797001", "Kohima", "Nagaland"],
    ["799001", "Agartala", "Tripura"],
  ])("%s (%s), inside another state's prefix, is in %s", (pin, _, state) => {
    expect(stateForPinCode(pin)).toBe(state);
  });

  test.each([
    ["247001", "Saharanpur", "Uttar Pradesh"],
    ["247667", "Roorkee", "Uttarakhand"],
    ["246701", "Bijnor", "Uttar Pradesh"],
    ["246001", "Pauri", "Uttarakhand"],
    ["244001", "Moradabad", "Uttar Pradesh"],
    ["244713", "Kashipur", "Uttarakhand"],
    ["262001", "Pilibhit", "Uttar Pradesh"],
    ["262501", "Pithoragarh", "Uttarakhand"],
    ["263001", "Nainital", "Uttarakhand"],
    ["813210", "Bhagalpur district", "Bihar"],
    ["814112", "Deoghar", "Jharkhand"],
    ["814131", "Banka district", "Bihar"],
    ["823001", "Gaya", "Bihar"],
    ["822101", "Daltonganj", "Jharkhand"],
  ])("%s (%s), on the Uttar Pradesh–Uttarakhand or Bihar–Jharkhand split, is in %s", (pin, _, state) => {
    expect(stateForPinCode(pin)).toBe(state);
  });

  test.each([
    ["396230", "Silvassa, whose villages include some in Gujarat"],
    ["605007", "Ariyankuppam, shared by Puducherry and Tamil Nadu"],
    ["533464", "Yanam, shared by Puducherry and Andhra Pradesh"],
    ["813206", "shared by Bihar and Jharkhand"],
  ])("%s (%s) crosses a state border, so no state is named", (pin) => {
    expect(isPinCode(pin)).toBe(true);
    expect(stateForPinCode(pin)).toBeUndefined();
  });

  test("a valid PIN outside the table, such as the Army Postal Service's, has no state but is still valid", () => {
    expect(isPinCode("999999")).toBe(true);
    expect(stateForPinCode("999999")).toBeUndefined();
    expect(stateForPinCode("818142")).toBeUndefined();
  });

  test("spaces around the PIN are forgiven", () => {
    expect(stateForPinCode(" 110001\n")).toBe("Delhi");
  });

  test("every state a PIN can name is spelt as in the GST state table", () => {
    const gstNames = new Set<string>(Object.values(gstStates));
    const named = new Set<string>();
    for (let pin = 100000; pin <= 999999; pin++) {
      const state = stateForPinCode(String(pin));
      if (state !== undefined) named.add(state);
    }
    expect([...named].filter((state) => !gstNames.has(state))).toEqual([]);
    expect(named.size).toBe(36);
  });
});
