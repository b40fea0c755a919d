/**
 * The printable PDF of a member's filled checklist (`GET logbooks/download/{id}?format=pdf`;
 * docs/shop.md "Printing a logbook"): the logbook's title, the member, the date printed and the
 * totals on every page's header; the checklist in the logbook's order, grouped by family, each
 * species with its common and scientific name, ticked (☑) or not (☐), and for a ticked one the
 * date and place of its first sighting and how many sightings; each family's and the whole
 * checklist's "seen of total". A family whose species run over a page break is headed again at the
 * top of the new page ("Anatidae (continued)").
 *
 * pdfkit writes the pages; the text is set in DejaVu Sans, embedded (subset) from the
 * `dejavu-fonts-ttf` package, because the PDF standard fonts cover only WinAnsi and species names
 * use macrons and other marks (Pūkeko, Māori and Afrikaans names). The document is a stream: the
 * route sends it at once and the rows are written in slices that yield to the event loop, so a long
 * logbook goes out page by page instead of being built whole in memory first.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { logbookTexts } from '@contract/logbookTexts';
import { formatMessage } from '@contract/messages';
import type { PrintableLogbook } from './logbooks';

const require = createRequire(import.meta.url);

const FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;

let fonts: Record<FontName, Buffer> | null = null;
/** The three faces, read once from the package (about 1.6 MB; pdfkit embeds only the glyphs used). */
export function loadFonts(): Record<FontName, Buffer> {
  fonts ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [
      name,
      readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)),
    ]),
  ) as Record<FontName, Buffer>;
  return fonts;
}

const MARGIN = 48;
const GREY = '#555555';
/** Rows written before yielding to the event loop (so the stream drains while it is written). */
const ROWS_PER_SLICE = 40;

export interface PdfOptions {
  /** Seconds since the epoch: the date printed. */
  now: number;
  /** IANA time zone the dates are written in (already checked by `dayFormatter`). */
  timeZone: string;
}

/** "2 Mar 2026" in the given zone; throws RangeError for an unknown zone. */
export function dayFormatter(timeZone: string): (seconds: number) => string {
  const format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone });
  return (seconds) => format.format(new Date(seconds * 1000));
}

/**
 * `Birds of New Zealand` → `birds-of-new-zealand`: ASCII only, so every browser and file system
 * keeps a file name made of it; '' when nothing of the name is left.
 */
export function fileNameSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** `birds-of-new-zealand-2026-11-29.pdf`. */
export function pdfFileName(logbookName: string, now: number, timeZone: string): string {
  const slug = fileNameSlug(logbookName);
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(now * 1000));
  return `${slug === '' ? 'logbook' : slug}-${day}.pdf`;
}

interface Group {
  family: string;
  species: PrintableLogbook['species'];
  seen: number;
}

/** Consecutive runs of one family, in the checklist's order (its taxonomic sort). */
function groupsOf(logbook: PrintableLogbook): Group[] {
  const groups: Group[] = [];
  for (const entry of logbook.species) {
    const family = entry.family ?? logbookTexts.pdfOtherSpecies;
    let group = groups.at(-1);
    if (!group || group.family !== family) {
      group = { family, species: [], seen: 0 };
      groups.push(group);
    }
    group.species.push(entry);
    if (logbook.ticks.has(entry.species_id)) group.seen += 1;
  }
  return groups;
}

/**
 * Starts writing the PDF and answers its stream at once; the rows follow in slices. An error while
 * writing destroys the stream (the response ends short rather than hanging).
 */
export function logbookPdf(logbook: PrintableLogbook, options: PdfOptions): PDFKit.PDFDocument {
  const faces = loadFonts();
  const day = dayFormatter(options.timeZone);
  const totals = {
    seen: logbook.species.filter((entry) => logbook.ticks.has(entry.species_id)).length,
    total: logbook.species.length,
  };
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: faces.regular as unknown as string,
    info: {
      Title: logbook.name,
      Author: logbook.member,
      Creator: 'Fieldmark',
    },
  });
  for (const [name, bytes] of Object.entries(faces)) doc.registerFont(name, bytes);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  let page = 0;

  function header() {
    page += 1;
    const top = MARGIN;
    doc.font('regular').fontSize(8).fillColor(GREY);
    doc.text(formatMessage(logbookTexts.pdfPage, { page }), MARGIN, top, { width, align: 'right' });
    doc
      .font('bold')
      .fontSize(16)
      .fillColor('black')
      .text(logbook.name, MARGIN, top, { width: width - 60 });
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(GREY)
      .text(
        [
          formatMessage(logbookTexts.pdfKeptBy, { name: logbook.member }),
          formatMessage(logbookTexts.printedOn, { date: day(options.now) }),
          formatMessage(logbookTexts.progressLabel, totals),
        ].join('  ·  '),
        { width },
      );
    const y = doc.y + 4;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.5)
      .strokeColor(GREY)
      .stroke();
    doc.x = MARGIN;
    doc.y = y + 8;
    doc.fillColor('black');
  }

  /** The family whose rows are being written: headed again on a page its rows run onto. */
  let continuing: string | null = null;

  /**
   * A new page when less than `height` points are left (the header is drawn by pageAdded); inside a
   * family, the new page starts with the family's heading marked as continued.
   */
  function room(height: number) {
    if (doc.y + height <= bottom()) return;
    doc.addPage();
    if (continuing === null) return;
    doc.moveDown(0.3);
    doc
      .font('bold')
      .fontSize(11.5)
      .fillColor('black')
      .text(formatMessage(logbookTexts.pdfFamilyContinued, { family: continuing }), MARGIN, doc.y, { width });
    doc.y += 2;
  }

  function row(entry: PrintableLogbook['species'][number]) {
    const tick = logbook.ticks.get(entry.species_id);
    let detail: string | null = null;
    if (tick) {
      const parts = [
        formatMessage(logbookTexts.seenOn, { date: day(tick.first_date) }),
        tick.count === 1
          ? logbookTexts.oneSighting
          : formatMessage(logbookTexts.timesSeen, { count: tick.count }),
      ];
      if (tick.place) parts.push(tick.place);
      detail = parts.join(' · ');
    }
    // Measured first, so a row never breaks across pages (a break inside a text would draw the
    // header in the middle of it).
    const nameHeight = doc
      .font('bold')
      .fontSize(10)
      .heightOfString(`${entry.name}  ${entry.scientific_name}`, { width: width - 18 });
    const detailHeight =
      detail === null
        ? 0
        : doc
            .font('regular')
            .fontSize(8.5)
            .heightOfString(detail, { width: width - 18 });
    room(nameHeight + detailHeight + 6);
    const y = doc.y;
    doc
      .font('regular')
      .fontSize(11)
      .fillColor(tick ? '#1b5e20' : GREY)
      .text(tick ? '☑' : '☐', MARGIN, y);
    doc
      .font(tick ? 'bold' : 'regular')
      .fontSize(10)
      .fillColor('black')
      .text(entry.name, MARGIN + 18, y + 1, { width: width - 18, continued: true })
      .font('italic')
      .fillColor(GREY)
      .text(`  ${entry.scientific_name}`);
    if (detail !== null) {
      doc
        .font('regular')
        .fontSize(8.5)
        .fillColor(GREY)
        .text(detail, MARGIN + 18, doc.y, { width: width - 18 });
    }
    doc.x = MARGIN;
    doc.y += 3;
  }

  async function write() {
    let written = 0;
    for (const group of groupsOf(logbook)) {
      room(44); // the heading stays with its first row
      doc.moveDown(0.3);
      doc
        .font('bold')
        .fontSize(11.5)
        .fillColor('black')
        .text(group.family, MARGIN, doc.y, { width, continued: true })
        .font('regular')
        .fontSize(9)
        .fillColor(GREY)
        .text(
          `   ${formatMessage(logbookTexts.pdfGroupTotal, { seen: group.seen, total: group.species.length })}`,
        );
      doc.y += 2;
      continuing = group.family;
      for (const entry of group.species) {
        row(entry);
        written += 1;
        if (written % ROWS_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      continuing = null;
    }
    room(24);
    doc.moveDown(0.5);
    doc
      .font('bold')
      .fontSize(11)
      .fillColor('black')
      .text(formatMessage(logbookTexts.pdfTotal, totals), MARGIN);
    doc.end();
  }

  doc.on('pageAdded', header);
  header();
  write().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
