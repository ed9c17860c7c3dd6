/** States and union territories, spelt as in the GST state table so the two can be compared. */
export type PinState =
  | "Andaman and Nicobar Islands"
  | "Andhra Pradesh"
  | "Arunachal Pradesh"
  | "Assam"
  | "Bihar"
  | "Chandigarh"
  | "Chhattisgarh"
  | "Dadra and Nagar Haveli and Daman and Diu"
  | "Delhi"
  | "Goa"
  | "Gujarat"
  | "Haryana"
  | "Himachal Pradesh"
  | "Jammu and Kashmir"
  | "Jharkhand"
  | "Karnataka"
  | "Kerala"
  | "Ladakh"
  | "Lakshadweep"
  | "Madhya Pradesh"
  | "Maharashtra"
  | "Manipur"
  | "Meghalaya"
  | "Mizoram"
  | "Nagaland"
  | "Odisha"
  | "Puducherry"
  | "Punjab"
  | "Rajasthan"
  | "Sikkim"
  | "Tamil Nadu"
  | "Telangana"
  | "Tripura"
  | "Uttar Pradesh"
  | "Uttarakhand"
  | "West Bengal";

/**
 * PIN prefixes as India Post assigns them; the longest matching prefix wins,
 * so the enclaves and newer states are listed after the circle they were cut
 * from. Null marks a PIN whose post offices lie in two states: the PIN alone
 * cannot tell which, so it answers none rather than a guess. Prefixes from 90
 * up belong to the Army Postal Service, which has no state.
 */
const pinPrefixes = {
  "11": "Delhi",

  "12": "Haryana",
  "13": "Haryana",

  "14": "Punjab",
  "15": "Punjab",
  "160": "Chandigarh",
  "160055": "Punjab",
  "160059": "Punjab",
  "160062": "Punjab",
  "160071": "Punjab",
  "160103": "Punjab",
  "160104": "Punjab",

  "17": "Himachal Pradesh",

  "18": "Jammu and Kashmir",
  "19": "Jammu and Kashmir",
  "194": "Ladakh",

  "20": "Uttar Pradesh",
  "21": "Uttar Pradesh",
  "22": "Uttar Pradesh",
  "23": "Uttar Pradesh",
  "24": "Uttar Pradesh",
  "25": "Uttar Pradesh",
  "26": "Uttar Pradesh",
  "27": "Uttar Pradesh",
  "28": "Uttar Pradesh",
  "2447": "Uttarakhand",
  "244923": null,
  "244924": null,
  "2460": "Uttarakhand",
  "2461": "Uttarakhand",
  "2462": "Uttarakhand",
  "2464": "Uttarakhand",
  "2476": "Uttarakhand",
  "248": "Uttarakhand",
  "249": "Uttarakhand",
  "262308": "Uttarakhand",
  "262309": "Uttarakhand",
  "262310": "Uttarakhand",
  "262311": "Uttarakhand",
  "262401": "Uttarakhand",
  "262402": "Uttarakhand",
  "262405": "Uttarakhand",
  "2625": "Uttarakhand",
  "263": "Uttarakhand",

  "30": "Rajasthan",
  "31": "Rajasthan",
  "32": "Rajasthan",
  "33": "Rajasthan",
  "34": "Rajasthan",

  "36": "Gujarat",
  "37": "Gujarat",
  "38": "Gujarat",
  "39": "Gujarat",
  "362520": "Dadra and Nagar Haveli and Daman and Diu",
  "362540": "Dadra and Nagar Haveli and Daman and Diu",
  "362570": "Dadra and Nagar Haveli and Daman and Diu",
  "396193": null,
  "3962": "Dadra and Nagar Haveli and Daman and Diu",
  "396215": null,
  "396230": null,
  "396235": null,
  "396240": null,

  "40": "Maharashtra",
  "41": "Maharashtra",
  "42": "Maharashtra",
  "43": "Maharashtra",
  "44": "Maharashtra",
  "403": "Goa",

  "45": "Madhya Pradesh",
  "46": "Madhya Pradesh",
  "47": "Madhya Pradesh",
  "48": "Madhya Pradesh",

  "49": "Chhattisgarh",

  "50": "Telangana",

  "51": "Andhra Pradesh",
  "52": "Andhra Pradesh",
  "53": "Andhra Pradesh",
  "533464": null,

  "56": "Karnataka",
  "57": "Karnataka",
  "58": "Karnataka",
  "59": "Karnataka",

  "60": "Tamil Nadu",
  "61": "Tamil Nadu",
  "62": "Tamil Nadu",
  "63": "Tamil Nadu",
  "64": "Tamil Nadu",
  "6050": "Puducherry",
  "605007": null,
  "605014": null,
  "605102": null,
  "605105": null,
  "605106": null,
  "605107": null,
  "605110": null,
  "605111": null,
  "605501": null,
  "605502": null,
  "607402": null,
  "607403": null,
  "6096": "Puducherry",
  "609603": null,
  "609604": null,
  "609608": "Tamil Nadu",

  "67": "Kerala",
  "68": "Kerala",
  "69": "Kerala",
  "673310": "Puducherry",
  "68255": "Lakshadweep",

  "70": "West Bengal",
  "71": "West Bengal",
  "72": "West Bengal",
  "73": "West Bengal",
  "74": "West Bengal",
  "737": "Sikkim",
  "744": "Andaman and Nicobar Islands",

  "75": "Odisha",
  "76": "Odisha",
  "77": "Odisha",

  "78": "Assam",
  "781029": null,
  "781131": null,
  "782410": null,
  "790": "Arunachal Pradesh",
  "791": "Arunachal Pradesh",
  "792": "Arunachal Pradesh",
  "793": "Meghalaya",
  "794": "Meghalaya",
  "795": "Manipur",
  "796": "Mizoram",
  "797": "Nagaland",
  "798": "Nagaland",
  "799": "Tripura",

  "80": "Bihar",
  "811": "Bihar",
  "812": "Bihar",
  "813": "Bihar",
  "813206": null,
  "813208": "Jharkhand",
  "814": "Jharkhand",
  "814131": "Bihar",
  "815": "Jharkhand",
  "816": "Jharkhand",
  "821": "Bihar",
  "822": "Jharkhand",
  "823": "Bihar",
  "824": "Bihar",
  "825": "Jharkhand",
  "826": "Jharkhand",
  "827": "Jharkhand",
  "828": "Jharkhand",
  "829": "Jharkhand",
  "83": "Jharkhand",
  "84": "Bihar",
  "85": "Bihar",
} as const satisfies Record<string, PinState | null>;

const pinPattern = /^[1-9]\d{5}$/;

/** Whether what the buyer typed is a PIN code: six digits, not starting with 0. */
export function isPinCode(value: string): boolean {
  return pinPattern.test(value.trim());
}

/**
 * The state or union territory a PIN code delivers to, or undefined when the
 * PIN is not valid, spans a state border, or is not in the table. A valid PIN
 * without a state is still a PIN: say nothing rather than name the wrong state.
 */
export function stateForPinCode(value: string): PinState | undefined {
  const pin = value.trim();
  if (!pinPattern.test(pin)) return undefined;
  const prefixes: Readonly<Record<string, PinState | null>> = pinPrefixes;
  for (let length = pin.length; length >= 2; length--) {
    const state = prefixes[pin.slice(0, length)];
    if (state !== undefined) return state ?? undefined;
  }
  return undefined;
}
