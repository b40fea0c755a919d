/**
 * The ebook admin pages in one chunk: they share the API module and the description fields, and
 * only admins ever load them.
 */
export { EbookDetailsPage } from './EbookDetailsPage';
export { EbookListingPage } from './EbookListingPage';
