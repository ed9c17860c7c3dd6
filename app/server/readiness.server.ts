/**
 * What GET /readyz answers: ready when the store answers with its schema up to
 * date and the mail queue is moving; otherwise a short reason for the operator
 * (never a visitor's details).
 */
export type Readiness = { ready: true } | { ready: false; reason: string };
