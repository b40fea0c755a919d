/**
 * The ebook library pages in one chunk of their own: the media library and the page template
 * editor (the editor chooses its thumbnail from the library). Only admins ever load them.
 */
export { EbookMediaPage } from './EbookMediaPage';
export { EbookPageTemplatePage } from './EbookPageTemplatePage';
