/*
 * Zod compiles object parsers with `new Function` when it may, and to find out whether it may it
 * tries once. The site's Content Security Policy has no 'unsafe-eval', so that try is a CSP
 * violation on every page that loads a form's schema (a console error and a report), although
 * zod then parses without compiling anyway. Jitless mode skips the try. It must be set before any
 * schema is created (zod decides when an object schema is built), so the browser's start runs
 * this module first.
 *
 * It writes zod's global configuration object (which zod itself keeps on `globalThis`) instead of
 * importing zod's `config()`: importing zod here would put zod's core into the start chunk of
 * every page, before hydration, although only form pages use it. The canary test beside this file
 * fails if zod stops reading its configuration from there; this can go when zod offers jitless
 * as a build-time setting or no longer probes for eval.
 */
export const ZOD_CONFIG_KEY = '__zod_globalConfig';
const holder = globalThis as unknown as Record<string, Record<string, unknown> | undefined>;
holder[ZOD_CONFIG_KEY] = Object.assign(holder[ZOD_CONFIG_KEY] ?? {}, { jitless: true });
