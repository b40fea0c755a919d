/**
 * The product's identity in one place. The web manifest (vite.config.ts), the server (mail, OpenAPI
 * title) and the store wrappers (twa/, ios-shell/) read it from here, so a rename is one edit.
 */
export const product = {
  name: 'Fieldmark',
  shortName: 'Fieldmark',
  description: 'Record wildlife sightings anywhere, even with no signal.',
  /** Material primary colour: a field green with AA contrast against white text. */
  themeColor: '#2e7d32',
  backgroundColor: '#ffffff',
  /** Public origin of the production deployment; PUBLIC_URL overrides it at run time. */
  origin: 'https://fieldmark.app',
  /** Android package id and iOS bundle id for the store wrappers. */
  appId: 'app.fieldmark.twa',
} as const;

export type Product = typeof product;
