/**
 * User-visible texts of the ebooks: the printed PDF (server/plugins/app/ebooks/pdf.ts) and the
 * names of the choices the admin pages offer. Kept apart from messageTexts.ts so the first route
 * does not download them; the server's refusals are in messageTexts.ts.
 */
import type { ChapterStatus, EbookMediaType, EbookPageOrientation, EbookType } from './ebooks';

export const ebookTexts = {
  pdfContents: 'Contents',
  pdfChapter: 'Chapter {chapter}',
  pdfPage: '{page}',
  pdfPrintedOn: 'Printed on {date}',
  pdfSpeciesHeading: 'Species',
};

export const ebookTypeNames: Record<EbookType, string> = {
  field_guide: 'Field guide',
  checklist: 'Checklist',
  photo_guide: 'Photographic guide',
};

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
