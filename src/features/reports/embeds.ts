/**
 * What other domains may use of the members' reports: the Report action (a button that opens the
 * report dialog). The admin side of reports is src/features/admin.
 */
export { ReportButton, type ReportButtonProps } from './ReportButton';
