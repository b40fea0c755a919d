/**
 * User-visible texts of the administration pages of issue 18 (src/features/admin: content pages,
 * help, users). Kept apart from messageTexts.ts so the first route does not download them: only
 * the lazily loaded admin pages import this module.
 */

/** The permission areas an admin grants (SPEC §2's admin menu and §6), in the order shown. */
export const PERMISSION_AREAS = [
  'admin',
  'admin-cms',
  'admin-help',
  'admin-ads',
  'admin-users',
  'species-admin',
] as const;

export const adminTexts = {
  save: 'Save',
  delete: 'Delete',
  saved: 'Saved',
  created: 'Created',
  deleted: 'Deleted',
  deleteTitle: 'Delete {name}?',
  notFound: 'There is nothing with this id. It may have been deleted.',
  fixFields: 'Some fields need attention (see below).',
  required: 'Required',
  slugFormat: 'Lowercase letters, digits and hyphens, e.g. privacy-policy',
  previousPage: 'Previous',
  nextPage: 'Next',
  pageOf: '{from}–{to} of {total}',
  columnTitle: 'Title',
  columnSlug: 'Address',
  columnUpdated: 'Updated',
  columnCategory: 'Subject',

  // Markdown editor
  editorWrite: 'Write',
  editorPreview: 'Preview',
  editorHelp:
    'Markdown: # heading, **bold**, *italic*, [link](https://…), - list. HTML is not shown to readers.',
  editorEmptyPreview: 'Nothing to preview yet.',

  // Content pages
  newPage: 'New page',
  noPages: 'There are no pages yet.',
  backToPages: 'All pages',
  fieldTitle: 'Title',
  fieldSlug: 'Address',
  fieldSlugHelp: 'The page opens at /general-content-page/{slug}',
  fieldContent: 'Content (Markdown)',
  viewPage: 'Open the page',
  deletePageBody:
    'Readers will no longer find this page. The terms and the privacy policy cannot be deleted.',
  draftKept: 'Not saved: {reason}. What you typed is still here.',

  // Help
  newTopic: 'New topic',
  noTopics: 'There are no help topics yet.',
  backToHelp: 'All help topics',
  fieldCategory: 'Subject (address)',
  fieldCategoryHelp: 'An existing subject, e.g. getting-started, or a new one',
  fieldCategoryTitle: 'Subject title',
  fieldCategoryTitleHelp: 'Needed for a new subject; renames an existing one',
  fieldSort: 'Order within the subject',
  deleteTopicBody: 'Readers will no longer find this help topic.',

  // Users
  searchUsers: 'Search by email, nickname or name',
  filterRole: 'Role',
  filterAny: 'Any',
  filterState: 'State',
  stateEnabled: 'Enabled',
  stateDisabled: 'Disabled',
  noUsers: 'No member matches.',
  columnMember: 'Member',
  columnEmail: 'Email',
  columnRoles: 'Roles',
  columnState: 'State',
  columnJoined: 'Joined',
  memberOf: 'Member: {name}',
  closeMember: 'Close',
  rolesTitle: 'Roles',
  permissionsTitle: 'Permissions',
  permissionFlag: '{area}: {flag}',
  flagNames: { r: 'read', c: 'create', u: 'update', d: 'delete' } as Record<string, string>,
  saveAccess: 'Save roles and permissions',
  disableMember: 'Disable account',
  enableMember: 'Enable account',
  disableTitle: 'Disable {name}?',
  disableBody:
    'They are signed out and cannot sign in until an admin enables the account again. Their content stays.',
  enableTitle: 'Enable {name}?',
  enableBody: 'They can sign in again.',
  confirm: 'Confirm',
  activityTitle: 'Recent activity',
  activitySightings: 'Sightings: {count}',
  activityLast: 'Last sighting change: {date}',
  activityComments: 'Comments: {count}',
  activityReportsMade: 'Reports made: {count}',
  activityReportsAbout: 'Reports about them: {count}',
  auditTitle: 'Audit trail',
  auditEmpty: 'Nothing was changed on this account yet.',
  auditEntry: '{action} by {actor}, {date}',
  auditSystem: 'the system',
  accessSaved: 'Roles and permissions saved',
  disabledDone: 'Account disabled',
  enabledDone: 'Account enabled',
};
