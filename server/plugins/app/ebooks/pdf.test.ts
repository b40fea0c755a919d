/** The ebook PDF's Markdown-to-text lines and file name (plugins/app/ebooks/pdf.ts). */
import { describe, expect, it } from 'vitest';
import { ebookFileName, printedLines } from './pdf';

describe('printedLines', () => {
  it('prints Markdown as text: headings, items, paragraphs, with the marks removed', () => {
    const source = [
      '## Where **they** live',
      '',
      'Above the *bush line*, see [DOC](https://doc.govt.nz) and `code`.',
      '- First',
      '2. Second',
      '<script>alert(1)</script>Plain ![a kea](kea.jpg)',
    ].join('\n');
    expect(printedLines(source)).toEqual([
      { kind: 'heading', text: 'Where they live' },
      { kind: 'blank', text: '' },
      { kind: 'text', text: 'Above the bush line, see DOC and code.' },
      { kind: 'item', text: 'First' },
      { kind: 'item', text: 'Second' },
      { kind: 'text', text: 'alert(1)Plain a kea' },
    ]);
  });

  it('keeps snake_case words and lone asterisks', () => {
    expect(printedLines('page_size * 2 and content_species, _really_ __so__')).toEqual([
      { kind: 'text', text: 'page_size * 2 and content_species, really so' },
    ]);
  });

  it('takes linear time on hostile lines (each took 10–40 s with lazy .*? patterns)', () => {
    for (const line of [
      '<'.repeat(200_000),
      '[a'.repeat(100_000),
      '*a '.repeat(66_000),
      '_a '.repeat(66_000),
    ]) {
      const started = performance.now();
      printedLines(line);
      expect(performance.now() - started, line.slice(0, 3)).toBeLessThan(3000);
    }
  });
});

describe('ebookFileName', () => {
  it('is an ASCII slug of the name', () => {
    expect(ebookFileName('Pūkeko & Friends: 2nd ed.')).toBe('pukeko-friends-2nd-ed.pdf');
    expect(ebookFileName('鳥')).toBe('ebook.pdf');
  });
});
