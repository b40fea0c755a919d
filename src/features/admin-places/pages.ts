/**
 * The admin pages of places, field guides and locations in one chunk: they share the forms, the
 * pickers and the API module, and only an admin ever loads them.
 */
export { FieldGuideDetailsPage } from './FieldGuideDetailsPage';
export { FieldGuidesAdminPage } from './FieldGuidesAdminPage';
export { HotspotDetailsPage } from './HotspotDetailsPage';
export { HotspotsAdminPage } from './HotspotsAdminPage';
export { LocationDetailsPage } from './LocationDetailsPage';
export { LocationsAdminPage } from './LocationsAdminPage';
