/**
 * A chapter's two admin pages in one chunk of their own (its text, its species): they share the
 * Markdown editor and the chapter's address, and load only when an admin opens a chapter.
 */
export { EbookChapterPage } from './EbookChapterPage';
export { EbookChapterSpeciesPage } from './EbookChapterSpeciesPage';
