/**
 * The texts of the ebook admin pages (`/ebook-listing`, `/ebook-details/{ebook_id}`) and the names
 * of the choices they offer. The texts the printed PDF shares with them are in
 * src/contract/ebookTexts.ts.
 */
import type { ChapterStatus, EbookMediaType, EbookPageOrientation } from '@contract/ebooks';

export const chapterStatusNames: Record<ChapterStatus, string> = {
  Draft: 'Draft',
  Review: 'In review',
  Published: 'Published',
};

export const pageOrientationNames: Record<EbookPageOrientation, string> = {
  portrait: 'Portrait',
  landscape: 'Landscape',
};

export const ebookMediaTypeNames: Record<EbookMediaType, string> = {
  photo: 'Photo',
  illustration: 'Illustration',
  map: 'Map',
  cover: 'Cover',
  background: 'Background',
};

/** The texts of the ebook admin pages (`/ebook-listing`, `/ebook-details/{ebook_id}`). */
export const ebookAdminTexts = {
  columnName: 'Name',
  columnType: 'Type',
  columnPage: 'Page',
  columnChapters: 'Chapters',
  columnUpdated: 'Last change',
  columnActions: 'Actions',
  pageFormat: '{size}, {orientation}',
  noEbooks: 'There are no ebooks yet.',
  newEbook: 'New ebook',
  create: 'Create ebook',
  created: 'Ebook created',
  fieldName: 'Name',
  fieldType: 'Type',
  fieldPhotoCategory: 'Photo category',
  fieldPhotoCategoryHelp: 'The ebook media category its pictures come from; empty for any',
  fieldPageSize: 'Page size',
  fieldPageOrientation: 'Orientation',
  clone: 'Clone',
  cloneOf: 'Clone {name}',
  cloneTitle: 'Clone “{name}”',
  cloneBody:
    'The copy gets the description, the table of contents and every chapter with its species; its chapters start as Draft.',
  cloneName: 'Name of the copy',
  cloned: 'Ebook cloned',
  open: 'Open',
  backToList: 'All ebooks',
  descriptionHeading: 'Description',
  save: 'Save',
  saved: 'Saved',
  chaptersHeading: 'Chapters',
  noChapters: 'This ebook has no chapters yet.',
  columnNumber: 'No.',
  columnTitle: 'Title',
  columnStatus: 'Status',
  columnSpecies: 'Species',
  statusOf: 'Status of chapter {chapter}',
  statusSaved: 'Chapter {chapter} is now {status}',
  untitled: '(untitled)',
  addChapterHeading: 'Add a chapter',
  chapterTitle: 'Chapter title',
  chapterStatus: 'Status',
  addChapter: 'Add chapter',
  chapterAdded: 'Chapter {chapter} added',
  tocHeading: 'Table of contents',
  tocEmpty: 'The table of contents is empty: the PDF lists the printed chapters.',
  tocEntry: 'Entry {n}',
  tocTitle: 'Heading',
  tocLevel: 'Level',
  tocChapter: 'Leads to chapter',
  tocNoChapter: 'None',
  tocLevels: { 1: 'Part', 2: 'Chapter', 3: 'Section' } as Record<number, string>,
  tocAdd: 'Add entry',
  tocUp: 'Move entry {n} up',
  tocDown: 'Move entry {n} down',
  tocRemove: 'Remove entry {n}',
  tocSave: 'Save table of contents',
  tocSaved: 'Table of contents saved',
  exportHeading: 'Export',
  exportPdf: 'Export PDF',
  exportHelp: 'The PDF holds the Published chapters.',
  exportPreparing: 'Preparing the PDF…',
  exportSaved: 'Saved {file}',
  exportFailed: 'No PDF: {reason}',
  fixFields: 'Some fields need attention (see below).',
  required: 'Required',
  tooLong: 'At most {max} characters',
  draftKept: 'Not saved: {reason}. What you typed is still here.',
  notFound: 'There is no such ebook. It may have been deleted.',
};
