/**
 * The issue 18 admin pages in one chunk: they share the API module, the editor and the frame, and
 * only admins (or holders of an admin permission) ever load them.
 */
export { CmsPageDetailsPage } from './CmsPageDetailsPage';
export { CmsPagesAdminPage } from './CmsPagesAdminPage';
export { HelpAdminPage } from './HelpAdminPage';
export { HelpDetailsPage } from './HelpDetailsPage';
export { ReportDetailsPage } from './ReportDetailsPage';
export { ReportsAdminPage } from './ReportsAdminPage';
export { UsersAdminPage } from './UsersAdminPage';
