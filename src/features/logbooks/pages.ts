/**
 * The logbooks pages in one chunk: they share the live queries, the downloads and the texts, and
 * one dynamic import costs the first route one entry instead of three.
 */
export { LogbooksPage } from './LogbooksPage';
export { LogbooksOverviewPage } from './LogbooksOverviewPage';
export { LogbookPage } from './LogbookPage';
