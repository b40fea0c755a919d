/** The field guides pages in one chunk. */
export { FieldGuidesPage } from './FieldGuidesPage';
export { FieldGuideOverviewPage } from './FieldGuideOverviewPage';
