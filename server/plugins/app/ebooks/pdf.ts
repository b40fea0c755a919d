/**
 * An ebook as a PDF (`GET ebooks/{id}/export?format=pdf`; docs/api.md "Ebooks"): the ebook's page
 * size and orientation; a title page (name, kind, date printed); the contents (the ebook's `toc`,
 * or the printed chapters when it has none); then each chapter on a new page — its number, title
 * and content — followed by its species in order, each with its common and scientific name and its
 * `content_species`. Page numbers at the foot of every page but the title page.
 *
 * Content is Markdown source; it is printed as text, with `#` headings in bold, list items with a
 * bullet and the emphasis, code and link marks removed (a link prints its text). Nothing in it is
 * interpreted otherwise: no HTML, no images, no URLs fetched.
 *
 * pdfkit and the DejaVu faces are the logbook PDF's (plugins/app/logbooks/pdf.ts): species names
 * carry macrons and other marks the PDF standard fonts cannot show.
 */
import PDFDocument from 'pdfkit';
import { ebookTexts, ebookTypeNames } from '@contract/ebookTexts';
import { formatMessage } from '@contract/messages';
import { dayFormatter, fileNameSlug, loadFonts } from '../logbooks/pdf';
import type { PrintableEbook } from './ebooks-repository';

const MARGIN = 54;
const GREY = '#555555';

const PAGE_SIZES = { A4: 'A4', A5: 'A5', A6: 'A6', Letter: 'LETTER' } as const;

/** One line of Markdown as printed: a heading (level 1–6), a list item or a paragraph line. */
export interface PrintedLine {
  kind: 'heading' | 'item' | 'text' | 'blank';
  text: string;
}

/**
 * Emphasis, code and link marks removed: `**Kea** [see](https://x)` → `Kea see`. Every pattern's
 * repeated part excludes its own delimiters, so each scan stops at the next one: linear in the
 * line's length, whatever an admin pastes (a line of 200 000 `<` or `[a` took 40 s with `.*?`).
 */
function plain(text: string): string {
  return (
    text
      .replace(/!?\[([^[\]]*)\]\([^()]*\)/g, '$1')
      .replace(/\*\*([^*\s](?:[^*]*[^*\s])?)\*\*/g, '$1')
      .replace(/\*([^*\s](?:[^*]*[^*\s])?)\*/g, '$1')
      // Underscores only around words: page_size and content_species stay as they are.
      .replace(/(^|[^\p{L}\p{N}_])__([^_\s](?:[^_]*[^_\s])?)__(?![\p{L}\p{N}_])/gu, '$1$2')
      .replace(/(^|[^\p{L}\p{N}_])_([^_\s](?:[^_]*[^_\s])?)_(?![\p{L}\p{N}_])/gu, '$1$2')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/<[^<>]*>/g, '')
  );
}

/** Markdown source as the lines the PDF prints. */
export function printedLines(markdown: string): PrintedLine[] {
  return markdown.split(/\r?\n/).map((line): PrintedLine => {
    const trimmed = line.trim();
    if (trimmed === '') return { kind: 'blank', text: '' };
    const heading = /^#{1,6}\s+(.*)$/.exec(trimmed);
    if (heading) return { kind: 'heading', text: plain(heading[1] ?? '') };
    const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(trimmed);
    if (item) return { kind: 'item', text: plain(item[1] ?? '') };
    return { kind: 'text', text: plain(trimmed) };
  });
}

/** `parrots-of-aotearoa.pdf` (`fileNameSlug`). */
export function ebookFileName(name: string): string {
  const slug = fileNameSlug(name);
  return `${slug === '' ? 'ebook' : slug}.pdf`;
}

/**
 * The PDF, written whole (pages are buffered so each can get its number) and answered as a stream
 * that ends when the document does.
 */
export function ebookPdf(book: PrintableEbook, options: { now: number }): PDFKit.PDFDocument {
  const faces = loadFonts();
  const { ebook } = book;
  const doc = new PDFDocument({
    size: PAGE_SIZES[ebook.page_size],
    layout: ebook.page_orientation,
    margin: MARGIN,
    bufferPages: true,
    font: faces.regular as unknown as string,
    info: { Title: ebook.name, Creator: 'Fieldmark' },
  });
  for (const [name, bytes] of Object.entries(faces)) doc.registerFont(name, bytes);
  const width = doc.page.width - 2 * MARGIN;

  const markdown = (source: string, size: number) => {
    for (const line of printedLines(source)) {
      if (line.kind === 'blank') {
        doc.moveDown(0.4);
      } else if (line.kind === 'heading') {
        doc
          .moveDown(0.3)
          .font('bold')
          .fontSize(size + 2)
          .fillColor('black')
          .text(line.text, MARGIN, doc.y, { width });
      } else if (line.kind === 'item') {
        doc
          .font('regular')
          .fontSize(size)
          .fillColor('black')
          .text(`•  ${line.text}`, MARGIN + 12, doc.y, {
            width: width - 12,
          });
      } else {
        doc.font('regular').fontSize(size).fillColor('black').text(line.text, MARGIN, doc.y, { width });
      }
    }
  };

  // Title page.
  doc.y = doc.page.height / 3;
  doc
    .font('bold')
    .fontSize(26)
    .fillColor('black')
    .text(ebook.name, MARGIN, doc.y, { width, align: 'center' });
  doc.moveDown(0.5);
  doc
    .font('regular')
    .fontSize(12)
    .fillColor(GREY)
    .text(ebookTypeNames[ebook.type], { width, align: 'center' });
  doc.fontSize(9).text(formatMessage(ebookTexts.pdfPrintedOn, { date: dayFormatter('UTC')(options.now) }), {
    width,
    align: 'center',
  });

  // Contents.
  doc.addPage();
  doc.font('bold').fontSize(18).fillColor('black').text(ebookTexts.pdfContents, MARGIN, MARGIN, { width });
  doc.moveDown(0.5);
  const entries =
    ebook.toc.length > 0
      ? ebook.toc
      : book.chapters.map((chapter) => ({ title: chapter.title, chapter: chapter.chapter, level: 2 }));
  for (const entry of entries) {
    const label = entry.chapter === null ? entry.title : `${entry.chapter}. ${entry.title}`;
    doc
      .font(entry.level === 1 ? 'bold' : 'regular')
      .fontSize(entry.level === 1 ? 12 : 11)
      .fillColor('black')
      .text(label, MARGIN + (entry.level - 1) * 14, doc.y, { width: width - (entry.level - 1) * 14 });
  }

  for (const chapter of book.chapters) {
    doc.addPage();
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(GREY)
      .text(formatMessage(ebookTexts.pdfChapter, { chapter: chapter.chapter }), MARGIN, MARGIN, { width });
    if (chapter.title !== '') doc.font('bold').fontSize(20).fillColor('black').text(chapter.title, { width });
    doc.moveDown(0.6);
    markdown(chapter.content, 10.5);
    for (const entry of chapter.species) {
      doc.moveDown(0.8);
      doc
        .font('bold')
        .fontSize(13)
        .fillColor('black')
        .text(entry.name, MARGIN, doc.y, { width, continued: true })
        .font('italic')
        .fontSize(11)
        .fillColor(GREY)
        .text(`  ${entry.scientific_name}`);
      doc.moveDown(0.2);
      markdown(entry.content_species, 10);
    }
  }

  // Page numbers, in the bottom margin (with no bottom margin for the moment, so no page breaks).
  const range = doc.bufferedPageRange();
  for (let index = range.start + 1; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(formatMessage(ebookTexts.pdfPage, { page: index + 1 }), MARGIN, doc.page.height - MARGIN / 2, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.flushPages();
  doc.end();
  return doc;
}
