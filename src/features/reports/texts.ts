/**
 * The reports domain's words (docs/adding-a-domain.md "Texts"): the issue reports' admin pages and
 * the Report action other domains put on their content (places, sightings, posts, photos) through
 * this file. Data only.
 */

/** Texts of the issue reports' admin pages (src/features/admin). */
export const reportTexts = {
  filterSection: 'What',
  filterCategory: 'Why',
  noReports: 'No report matches.',
  columnReport: 'Report',
  columnReporter: 'By',
  columnWhen: 'When',
  sections: {
    observation: 'Sighting',
    photo: 'Photo',
    comment: 'Comment',
    post: 'Post',
    user: 'Member',
    place: 'Place',
    field_guide: 'Field guide',
    species: 'Species page',
    bug: 'Bug',
  } as Record<string, string>,
  categories: {
    spam: 'Spam',
    offensive: 'Offensive',
    harassment: 'Harassment',
    wrong_identification: 'Wrong identification',
    wrong_location: 'Wrong location',
    sensitive_location: 'Sensitive location',
    copyright: 'Copyright',
    privacy: 'Privacy',
    bug: 'Bug',
    other: 'Other',
  } as Record<string, string>,
  states: { open: 'Open', resolved: 'Resolved', rejected: 'Rejected' } as Record<string, string>,
  reportTitle: '{section}: {category}',
  backToReports: 'All issue reports',
  reportedThing: 'What was reported',
  subjectGone: 'It no longer exists.',
  subjectHidden: 'Hidden from every reader.',
  subjectNoText: 'It has no text to show.',
  subjectId: 'Id: {id}',
  description: 'What the reporter said',
  noDescription: 'The reporter gave no details.',
  reporterDeleted: 'a deleted member',
  notesTitle: 'Notes',
  noNotes: 'No notes yet.',
  addNote: 'Add a note',
  fieldNote: 'Note',
  historyTitle: 'History',
  event: '{action} by {actor}, {date}',
  actions: {
    resolve: 'Resolve',
    reject: 'Reject',
    hide: 'Hide the content',
    unhide: 'Show the content again',
    reopen: 'Reopen',
  } as Record<string, string>,
  hideTitle: 'Hide this from every reader?',
  hideBody:
    'It disappears from every public list, page and feed. A hidden member is disabled. You can show it again.',
  actionDone: 'Done: {action}',
  noteAdded: 'Note added',
};

/** Texts of the members' Report action (src/features/reports), loaded with its dialog. */
export const reportActionTexts = {
  report: 'Report',
  reportThis: 'Report this {what}',
  dialogTitle: 'Report this {what}',
  why: 'Why are you reporting it?',
  details: 'Anything the moderators should know (optional)',
  send: 'Send report',
  sent: 'Thank you: the moderators will look at it.',
  stored: 'Saved on this device: the report is sent when you are back online.',
  chooseWhy: 'Choose a reason.',
};
