// Line breaks and other control characters are what forged header lines are made
// of; the marks that override or isolate writing direction make text read other
// than it is stored. A buyer typing in a form never means to send either.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const BREAKS_AND_CONTROLS = new RegExp(`${BREAK_OR_CONTROL.source}+`, "g");
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS_BUT_BREAKS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const OVERRIDE = /[\u202a-\u202e\u2066-\u2069]/;
const OVERRIDES = new RegExp(OVERRIDE.source, "g");

/** Whether text is one line of plain text: no line break, control or direction override. */
export function isOneLine(text: string): boolean {
  return !BREAK_OR_CONTROL.test(text) && !OVERRIDE.test(text);
}

/** Stored text as one line, whatever it holds: each run of breaks and controls a space. */
export function asOneLine(text: string): string {
  return text.replace(BREAKS_AND_CONTROLS, " ");
}

/**
 * A message as it is kept: its line breaks as "\n" (browsers send CR LF), a
 * tab as a space, and no other control or direction-override character.
 */
export function plainMessage(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replaceAll("\t", " ")
    .replace(CONTROLS_BUT_BREAKS, "")
    .replace(OVERRIDES, "");
}
