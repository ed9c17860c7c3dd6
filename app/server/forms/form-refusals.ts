/**
 * Why a form's body was refused as a whole (form-body.server.ts); the words a
 * visitor reads for each are the form's own content, keyed by these ids.
 */
export type FormRefusal = "notAForm" | "tooLarge" | "reload" | "notText" | "unexpectedFields" | "repeatedField";
