/** Shared by the shop and logbook tests: test-created products (never demo data). */
import type { ProductInput } from '@contract/shop';

export const logbookInput = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  name: 'Test logbook: mammals of Testland',
  description: 'Created by the shop tests.',
  images: [],
  price_minor: 1500,
  currency: 'USD',
  kind: 'logbook',
  grants: { logbook: { location_id: 'XT', classification: 'mammals-larger' } },
  hidden: false,
  stock: null,
  file: null,
  ...overrides,
});
