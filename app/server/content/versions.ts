/**
 * Where a version of a content item stands: the draft in the making, the one
 * visitors see, one they saw before, or a draft replaced by a later save or
 * discarded. Every version is kept, whatever its state.
 */
export const VERSION_STATES = ["draft", "published", "earlier", "discarded"] as const;

export type VersionState = (typeof VERSION_STATES)[number];
