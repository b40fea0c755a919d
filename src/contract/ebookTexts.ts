/**
 * User-visible texts of the ebooks that both sides show: the printed PDF
 * (server/plugins/app/ebooks/pdf.ts) and the names of the ebook types. The admin pages' own texts
 * are in src/features/ebooks/ebookAdminTexts.ts; the server's refusals in messageTexts.ts.
 */
import type { EbookType } from './ebooks';

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
