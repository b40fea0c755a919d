/**
 * Issue report tables (202611280021_issue_reports.sql), merged into the app's `DB` type.
 * Keep in step with the SQL by hand: a column added there is added here in the same commit.
 */
import type { Generated } from 'kysely';
import type { ReportCategory, ReportSection, ReportState } from '@contract/reports';
import type { Timestamp } from '../../../db/schema';

export interface IssueReportsTable {
  id: string;
  section: ReportSection;
  subject_id: string;
  subject_owner_id: string | null;
  reporter_id: string | null;
  category: ReportCategory;
  description: string;
  state: Generated<ReportState>;
  content_hidden: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IssueReportNotesTable {
  id: string;
  report_id: string;
  author_id: string | null;
  body: string;
  created_at: Timestamp;
}

export interface IssueReportEventsTable {
  id: Generated<string>;
  report_id: string;
  action: string;
  actor_id: string | null;
  created_at: Timestamp;
}

declare module '../../../db/schema' {
  interface DB {
    issue_reports: IssueReportsTable;
    issue_report_notes: IssueReportNotesTable;
    issue_report_events: IssueReportEventsTable;
  }
}
