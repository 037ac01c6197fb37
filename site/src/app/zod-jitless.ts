import { config } from 'zod';

/*
 * Zod compiles object parsers with `new Function` when it may, and to find out whether it may it
 * tries once. The site's Content Security Policy has no 'unsafe-eval', so that try is a CSP
 * violation on every page that loads a form's schema (a console error and a report), although
 * zod then parses without compiling anyway. Jitless mode skips the try. It must be set before any
 * schema is created (zod decides when an object schema is built), so the browser's start imports
 * this module first.
 */
config({ jitless: true });
