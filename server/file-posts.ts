import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { ArtworkProblem } from "../app/server/uploads/artwork.server.ts";
import type { UploadServices } from "../app/server/uploads/uploads.server.ts";

type Uploads = () => Promise<UploadServices | undefined>;
type Refuse = (res: Response, kind: "not-found" | "bad-request" | "too-large") => void;

/** The methods of the tus protocol; GET is not one: a file is never served back at its upload address. */
const UPLOAD_METHODS = new Set(["POST", "PATCH", "HEAD", "DELETE", "OPTIONS"]);

/**
 * The upload address of the quote form (tus). It is mounted before the limit
 * on form bodies, which a piece of a file exceeds; the protocol's own limits
 * apply instead. Anything but the protocol's methods gets the 404 page.
 */
export function uploadAddress(uploads: Uploads, refuse: Refuse): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const services = UPLOAD_METHODS.has(req.method) ? await uploads() : undefined;
    if (!services) return refuse(res, "not-found");
    res.setHeader("Cache-Control", "no-store");
    // The protocol's server reads the whole address, which Express shortened by the mount path.
    req.url = req.originalUrl;
    try {
      await services.handleUpload(req, res, req.ip ?? "");
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Whether a request carries a file, which may take minutes to arrive: to the
 * upload address, or a form post with files. (Only the timing of its body
 * depends on this; everything else checks the request for itself.)
 */
export function isFileUpload(req: IncomingMessage, uploadPath: string, formPath: string): boolean {
  const path = (req.url ?? "").split("?")[0] ?? "";
  if (path === uploadPath || path.startsWith(`${uploadPath}/`)) return true;
  return isFormPostWithFiles(req, formPath);
}

/** Whether a request is a form with files posted to this address (multipart). */
export function isFormPostWithFiles(req: IncomingMessage, formPath: string): boolean {
  const path = (req.url ?? "").split("?")[0] ?? "";
  return req.method === "POST" && path === formPath && /^multipart\/form-data/i.test(req.headers["content-type"] ?? "");
}

/** A multipart form post, once its files are stored: the urlencoded body the page's action reads instead. */
type PostedForm = { body: string; fileProblems: ArtworkProblem[] };
const postedForms = new WeakMap<Request, PostedForm>();

/** The form a multipart post became, for the request React Router is handed. */
export function postedFormOf(req: Request): PostedForm | undefined {
  return postedForms.get(req);
}

/**
 * The quote form sent as one multipart post, as a page without a script
 * sends it: the files stream into storage here, and the page's action then
 * reads the fields (with the files' ids) like any form.
 */
export function formPostsWithFiles(formPath: string, uploads: Uploads, refuse: Refuse): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const multipart = /^multipart\/form-data\s*;/i.test(req.get("content-type") ?? "");
    if (req.method !== "POST" || req.path !== formPath || !multipart) return next();
    const services = await uploads();
    if (!services) return next();
    try {
      const read = await services.readFormPost(req, req.ip ?? "");
      if (read.kind === "refused") return refuse(res, read.status === 413 ? "too-large" : "bad-request");
      postedForms.set(req, { body: read.body, fileProblems: read.problems });
      next();
    } catch (error) {
      next(error);
    }
  };
}
