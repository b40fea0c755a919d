/**
 * Member issue reports (SPEC §3 "issue reports (section, id, user_id, category, description,
 * notes)"; §4 "actions are posted to report_issue/{action}"; §7 "Logbooks, commerce, issues").
 * A member reports something others can see (or a bug); admins list, read, annotate and act on
 * reports. SPEC names no sections, categories or actions: the ones below are ours (docs/api.md
 * "Issue reports"). Pure: no Node, DOM or Dexie.
 */
import { Type, type Static } from 'typebox';
import { success } from './envelope';
import { SKIP_MAX } from './paging';

/** SPEC §2's admin menu names Issue Reports without a permission: role admin, or ours below. */
export const REPORTS_READ = { role: 'admin', permission: 'admin-reports:r' } as const;
export const REPORTS_UPDATE = { role: 'admin', permission: 'admin-reports:u' } as const;

/** What can be reported: a sighting, a photo, a comment, a post, a member, a place, a field guide, a species page, or a bug. */
export const REPORT_SECTIONS = [
  'observation',
  'photo',
  'comment',
  'post',
  'user',
  'place',
  'field_guide',
  'species',
  'bug',
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

export const REPORT_CATEGORIES = [
  'spam',
  'offensive',
  'harassment',
  'wrong_identification',
  'wrong_location',
  'sensitive_location',
  'copyright',
  'privacy',
  'bug',
  'other',
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

export const REPORT_STATES = ['open', 'resolved', 'rejected'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/**
 * resolve / reject close a report; hide closes it too and hides the reported thing from every
 * reader; unhide shows it again; reopen opens a closed report.
 */
export const REPORT_ACTIONS = ['resolve', 'reject', 'hide', 'unhide', 'reopen'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** Sections whose content `hide` can take out of every public read. */
export const HIDEABLE_SECTIONS: readonly ReportSection[] = ['observation', 'photo', 'comment', 'user'];

export const REPORT_DESCRIPTION_MAX = 2000;
export const REPORT_NOTE_MAX = 2000;

const uuid = (description: string) =>
  Type.String({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    description,
  });

const section = Type.Enum(REPORT_SECTIONS, { description: 'What is reported' });
const category = Type.Enum(REPORT_CATEGORIES, { description: 'Why' });
const state = Type.Enum(REPORT_STATES, { description: 'Where the report stands' });
const subjectId = Type.String({
  maxLength: 200,
  description: "The reported thing's id (for a bug: where it happened, e.g. the page path; may be empty)",
});
const userId = uuid('The signed-in member (SPEC sends it; it must be the caller)');

export const ReportCreateSchema = Type.Object(
  {
    section,
    id: subjectId,
    user_id: userId,
    category,
    description: Type.String({ maxLength: REPORT_DESCRIPTION_MAX }),
  },
  { additionalProperties: false },
);
export type ReportCreate = Static<typeof ReportCreateSchema>;

export const ReportNoteCreateSchema = Type.Object(
  {
    section,
    id: uuid('The report the note is added to'),
    user_id: userId,
    note_content: Type.String({ minLength: 1, maxLength: REPORT_NOTE_MAX, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
export type ReportNoteCreate = Static<typeof ReportNoteCreateSchema>;

export const ReportActionParamsSchema = Type.Object({
  action: Type.Enum(REPORT_ACTIONS, { description: 'What to do' }),
});
export type ReportActionParams = Static<typeof ReportActionParamsSchema>;

export const ReportActionBodySchema = Type.Object(
  {
    section,
    id: subjectId,
    issue_id: uuid('The report'),
    user_id: userId,
  },
  { additionalProperties: false },
);
export type ReportActionBody = Static<typeof ReportActionBodySchema>;

export const ReportIdParamsSchema = Type.Object({ id: uuid('The report') });
export type ReportIdParams = Static<typeof ReportIdParamsSchema>;

export const ReportListQuerySchema = Type.Object({
  section: Type.Optional(section),
  state: Type.Optional(state),
  category: Type.Optional(category),
  skip: Type.Integer({ minimum: 0, maximum: SKIP_MAX, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
});
export type ReportListQuery = Static<typeof ReportListQuerySchema>;

export const ReportSchema = Type.Object({
  id: Type.String({ description: 'The report (a UUID)' }),
  section,
  subject_id: Type.String(),
  subject_owner_id: Type.Union([Type.String(), Type.Null()], {
    description: 'Who the reported thing belongs to',
  }),
  reporter_id: Type.Union([Type.String(), Type.Null()], { description: 'Null once the reporter is deleted' }),
  reporter_nickname: Type.Union([Type.String(), Type.Null()]),
  category,
  description: Type.String(),
  state,
  content_hidden: Type.Boolean({ description: 'The reported thing is hidden because of this report' }),
  created_at: Type.Integer({ description: 'Seconds since the epoch' }),
  updated_at: Type.Integer(),
});
export type Report = Static<typeof ReportSchema>;

export const ReportNoteSchema = Type.Object({
  id: Type.String(),
  author_id: Type.Union([Type.String(), Type.Null()]),
  author_nickname: Type.Union([Type.String(), Type.Null()]),
  note_content: Type.String(),
  created_at: Type.Integer(),
});
export type ReportNote = Static<typeof ReportNoteSchema>;

export const ReportEventSchema = Type.Object({
  action: Type.Union([Type.Enum(REPORT_ACTIONS, { description: 'What was done' }), Type.Literal('create')]),
  actor_id: Type.Union([Type.String(), Type.Null()]),
  actor_nickname: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.Integer(),
});
export type ReportEvent = Static<typeof ReportEventSchema>;

/** The reported thing as it is now, for the detail page to show in place. */
export const ReportSubjectSchema = Type.Object({
  exists: Type.Boolean(),
  hidden: Type.Boolean({ description: 'Hidden from every reader (by a report or otherwise)' }),
  text: Type.Union([Type.String(), Type.Null()], { description: 'Its text: a comment, a note, a name' }),
});
export type ReportSubject = Static<typeof ReportSubjectSchema>;

export const ReportCreateResponseSchema = success({
  report: ReportSchema,
  created: Type.Boolean({ description: 'False when the member already had this open report (a replay)' }),
});
export type ReportCreateResponse = Static<typeof ReportCreateResponseSchema>;

export const ReportListResponseSchema = success({
  reports: Type.Array(ReportSchema),
  total: Type.Integer({ description: 'How many match the filters' }),
});
export type ReportListResponse = Static<typeof ReportListResponseSchema>;

export const ReportDetailResponseSchema = success({
  report: ReportSchema,
  notes: Type.Array(ReportNoteSchema),
  events: Type.Array(ReportEventSchema),
  subject: ReportSubjectSchema,
});
export type ReportDetailResponse = Static<typeof ReportDetailResponseSchema>;

export const ReportNoteResponseSchema = success({ note: ReportNoteSchema });
export type ReportNoteResponse = Static<typeof ReportNoteResponseSchema>;

export const ReportActionResponseSchema = success({ report: ReportSchema });
export type ReportActionResponse = Static<typeof ReportActionResponseSchema>;

/** The state an action leads to from `from`, or null when it does not apply there. */
export function nextReportState(
  from: ReportState,
  hidden: boolean,
  action: ReportAction,
): ReportState | null {
  switch (action) {
    case 'resolve':
    case 'reject':
      return from === 'open' ? (action === 'resolve' ? 'resolved' : 'rejected') : null;
    case 'hide':
      return hidden ? null : 'resolved';
    case 'unhide':
      return hidden ? from : null;
    case 'reopen':
      return from === 'open' ? null : 'open';
  }
}
