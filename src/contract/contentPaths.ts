/**
 * The addresses of content pages (docs/api.md "Content pages and help"): the slug rule and the two
 * pages the Register dialog links to. Apart from content.ts so the client can use them without the
 * schemas (the dialog and pages import only these).
 */

/** A page's or topic's address: lowercase words joined by single hyphens ('terms-conditions'). */
export const CONTENT_SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
export const CONTENT_SLUG_MAX = 100;

/** The two pages the Register dialog links to (SPEC §2). */
export const TERMS_SLUG = 'terms-conditions';
export const PRIVACY_SLUG = 'privacy-policy';

const SLUG = new RegExp(CONTENT_SLUG_PATTERN);

/** True for a string the server could hold as a slug (the client checks addresses before asking). */
export function isContentSlug(value: string): boolean {
  return value.length <= CONTENT_SLUG_MAX && SLUG.test(value);
}
