/**
 * The ads pages in one chunk: the two admin pages share the API module, the form and the frame;
 * the ad's own page is small and shares the API module too. The stats chart is a chunk of its own.
 */
export { AdDetailsPage } from './AdDetailsPage';
export { AdsAdminPage } from './AdsAdminPage';
export { AdViewPage } from './AdViewPage';
