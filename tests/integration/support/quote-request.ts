const DAY = 24 * 60 * 60 * 1000;

function inAMonth(): string {
  return new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
}

let buyers = 0;
/**
 * A complete cake-box request in the form's order (token first), from a
 * buyer of its own: erasing one person must not take another test's inquiry.
 */
export function cakeRequest(token: string, uploads: string[] = []): [string, string][] {
  buyers += 1;
  return [
    ["form_token", token],
    ["service", "cake"],
    ["style", "cake"],
    ["length_mm", "250"],
    ["width_mm", "250"],
    ["height_mm", "100"],
    ["board", "duplex-board"],
    ["gsm", "350"],
    ["colours", "1-colour"],
    ["quantity_1", "1000"],
    ["needed_by", inAMonth()],
    ["pin_code", "560001"],
    ["name", `Meena Rao ${buyers}`],
    ["phone_number", `+91 98450 ${12345 + buyers}`],
    ["email", `meena.${buyers}@example.in`],
    ["notes", "Our logo on the lid, artwork attached."],
    ["uploads", uploads.join(",")],
    ["website", ""],
  ];
}
