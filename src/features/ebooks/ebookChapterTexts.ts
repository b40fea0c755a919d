/**
 * The texts of a chapter's two admin pages: `/ebook-chapter/{ebook_id}/{chapter}` (its title,
 * status and Markdown) and `/ebook-chapter-species/{ebook_id}/{chapter}` (its species and their
 * texts). The status names are the details page's (`chapterStatusNames`, ebookAdminTexts.ts).
 */
export const ebookChapterTexts = {
  // Both pages
  chapterOf: 'Chapter {chapter}',
  backToEbook: 'Back to the ebook',
  save: 'Save',
  saved: 'Saved',
  draftKept: 'Not saved: {reason}. What you typed is still here.',
  fixFields: 'Some fields need attention (see below).',
  tooLong: 'At most {max} characters',
  notFound: 'There is no such chapter. The ebook or the chapter may have been deleted.',
  badAddress: 'This address does not name a chapter (a number from 1 to {max}).',
  editorHelp: 'Markdown: # heading, **bold**, *italic*, [link](https://…), - list. HTML is not shown.',
  preview: 'Preview',
  emptyPreview: 'Nothing to preview yet.',

  // The chapters table of /ebook-details/{ebook_id}: the species count's link
  speciesOfRow: 'Species of chapter {chapter}: {count}',

  // /ebook-chapter/{ebook_id}/{chapter}
  title: 'Chapter title',
  titleHelp: 'Printed at the top of the chapter; empty leaves it untitled',
  status: 'Status',
  statusHelp: 'Only Published chapters go into the exported book.',
  content: 'Chapter text',
  toSpecies: 'Species of this chapter ({count})',
  pdfPreview: 'Preview this chapter as PDF',
  pdfHelp: 'The PDF of this chapter alone, whatever its status.',
  pdfPreparing: 'Preparing the PDF…',
  pdfSaved: 'Saved {file}',
  pdfFailed: 'No PDF: {reason}',
  pdfUnsaved: 'The PDF shows the saved chapter: save first to see your changes.',

  // /ebook-chapter-species/{ebook_id}/{chapter}
  toChapter: "Back to the chapter's text",
  speciesHeading: 'Species, in the order printed',
  speciesHelp:
    'Each species gets its own page in the chapter, with the text written here. Changes are kept on this page until you save the list.',
  noSpecies: 'This chapter has no species yet.',
  speciesText: 'Text about {name}',
  moveUp: 'Move {name} up',
  moveDown: 'Move {name} down',
  remove: 'Remove {name}',
  movedTo: '{name} is now number {n} of {count}.',
  removed: '{name} removed from the list (not saved yet).',
  added: '{name} added at the end of the list (not saved yet).',
  alreadyListed: '{name} is already in this chapter.',
  addSpecies: 'Add a species',
  pickSpecies: 'Add a species to the chapter',
  tooMany: 'A chapter holds at most {max} species.',
  saveList: 'Save species',
  listSaved: 'Species of chapter {chapter} saved',
  unsaved: 'Unsaved changes',
};
