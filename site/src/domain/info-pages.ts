/*
 * The information pages and their addresses live in schema/ because the editor's preview lists
 * them too (the editor may not import the site).
 */
export * from '../../../schema/info-pages.ts';
