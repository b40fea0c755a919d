/**
 * User-visible texts of the logbooks pages (src/features/logbooks: /logbooks, /logbooks/overview,
 * /logbook/{product_id}). Kept apart from messageTexts.ts so the first route does not download
 * them: only the lazily loaded logbooks pages import this module. Page titles are SPEC's, in
 * src/app/labels.ts; the server's refusals of a code are in messageTexts.ts.
 */
export const logbookTexts = {
  progress: '{seen} of {total}',
  progressLabel: '{seen} of {total} species seen',
  myList: 'Your logbooks',
  open: 'Open {name}',
  whatTitle: 'What is a logbook?',
  what:
    'A logbook is the checklist of the species of a country or region, for example the larger ' +
    'mammals of South Africa. Every species you record is ticked off with the date you first saw ' +
    'it, how many times you have seen it and where. Your logbooks are kept on this device, so they ' +
    'work without a network, and you can print your filled checklist.',
  howTitle: 'How do I get one?',
  how: 'Buy one in the shop, or enter the activation code printed in a paper logbook.',
  onSale: 'Logbooks in the shop',
  onSaleOffline: 'The logbooks on sale are shown when you are online.',
  noneOnSale: 'No logbooks are on sale yet.',
  speciesCount: '{count} species',
  seeInShop: 'See {name} in the shop',
  owned: 'You have this logbook',
  activateTitle: 'Activate a printed code',
  activateField: 'Activation code',
  activateHelp: 'The 12 letters and digits printed in your logbook, e.g. ABCD-EFGH-JKMN.',
  activate: 'Activate',
  activated: '{name} is now in your logbooks.',
  activateSignIn: 'Sign in to activate a code or see your logbooks.',
  activateOffline: 'Activating a code needs a network connection.',
  goToMine: 'Go to my logbooks',
  keeping: 'Putting your logbook on this device…',
  checklist: 'Checklist of {name}',
  filter: 'Show',
  filterAll: 'All',
  filterSeen: 'Seen',
  filterNotYet: 'Not yet',
  seenOn: 'First seen {date}',
  timesSeen: '{count} sightings',
  oneSighting: '1 sighting',
  notSeen: 'Not seen yet',
  recordOf: 'Record a sighting of {name}',
  print: 'Print or save as PDF',
  printedOn: 'Printed {date}',
  emptyFilter: 'No species to show with this filter.',
  notOnDevice: 'This logbook is not on this device yet. Open it once while online to keep it.',
  notOwned: 'This logbook is not yours yet: buy it or activate a code.',
  pdfDownload: 'Download PDF',
  pdfPreparing: 'Preparing the PDF…',
  pdfOffline: 'Downloading the PDF of your checklist needs a network connection.',
  pdfFailed: 'The PDF could not be downloaded: {reason}',
  pdfSaved: '{file} is saved in your downloads.',
  // The printed checklist (server/plugins/app/logbooks/pdf.ts): the page header, groups and totals.
  pdfKeptBy: 'Kept by {name}',
  pdfOtherSpecies: 'Other species',
  pdfGroupTotal: '{seen} of {total}',
  pdfFamilyContinued: '{family} (continued)',
  pdfTotal: 'Total: {seen} of {total} species seen',
  pdfPage: 'Page {page}',
  refreshFailed: 'Your logbooks could not be updated: {reason}',
};
