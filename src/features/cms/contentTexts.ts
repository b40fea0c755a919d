/**
 * User-visible texts of the content pages and help (`/general-content-page/…`, `/general-help…`,
 * the page dialog over Register). Only this client shows them, so they live here rather than in
 * src/contract (issue 22), and only the lazily loaded pages and the dialog import them, so the
 * first route does not download them. The pages' own words come from the server (docs/api.md
 * "Content pages and help").
 */
export const contentTexts = {
  contentUpdated: 'Last updated {date}',
  contentNotFoundBody: 'There is no page at this address. It may have been removed.',
  contentNotSaved: 'Not on this device yet',
  contentNotSavedBody:
    'This page has not been opened on this device while online. Open it once with a connection, and it opens offline from then on.',
  contentOfflineCopy: 'You are offline: this is the copy saved on this device.',
  contentFailed: 'This page could not be loaded: {reason}',
  helpTitle: 'Help',
  helpIntro: 'Answers to the questions members ask most, by subject.',
  helpSubjects: 'Subjects',
  helpTopicCount: '{count} topics',
  helpAllSubjects: 'All help',
  helpTopics: 'Topics',
  helpNoSuchSubject: 'There is no help subject at this address.',
  helpNotSavedBody:
    'Help has not been opened on this device while online. Open it once with a connection, and every help page opens offline from then on.',
  helpEmpty: 'There is no help here yet.',
  helpSearch: 'Search help',
  helpSearchResults: 'Matching topics',
  helpSearchNone: 'No help topic matches “{query}”.',
};
