import { tmpdir } from "node:os";
import path from "node:path";

/**
 * For the Node processes tests start (the server, the npm run scripts): V8's
 * code for the modules they load, kept on disk by Node and used again by every
 * later start, which the tests make by the hundred. A start then compiles
 * nothing it compiled before, a quarter of its processor time. Node's own
 * default folder; it knows a module by its content and throws nothing stale.
 */
export const compileCacheEnv = { NODE_COMPILE_CACHE: path.join(tmpdir(), "node-compile-cache") };
