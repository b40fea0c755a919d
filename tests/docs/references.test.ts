/**
 * Every reference in the docs resolves (issue 22): in README.md and docs/**.md, each relative link
 * and `#anchor` (headings slugged the way GitHub slugs them), each `docs/x.md` path named in the
 * text, each section named after a path (`docs/sync.md "Pull"`) and each `see "Heading"` of the
 * same file must exist. A stale reference
 * sends a reader nowhere; this makes renaming a heading or a file say where it was used.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { present } from '../../src/test/present';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const DOCS = ['README.md', ...markdownFiles('docs')];

/** The text outside fenced code blocks, line by line (line numbers kept). */
function proseLines(file: string): string[] {
  let fenced = false;
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    });
}

/** A heading's text as it reads: inline code, emphasis and links reduced to their words. */
function headingText(raw: string): string {
  return raw
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .trim();
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function githubSlug(text: string): string {
  return headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

interface Heading {
  text: string;
  anchor: string;
}

const headingCache = new Map<string, Heading[]>();

function headingsOf(file: string): Heading[] {
  let headings = headingCache.get(file);
  if (!headings) {
    const seen = new Map<string, number>();
    headings = proseLines(file).flatMap((line) => {
      const match = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
      if (!match) return [];
      const text = present(match[1], 'a heading text');
      const slug = githubSlug(text);
      // A repeated heading gets -1, -2… as on GitHub.
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      return [{ text: headingText(text), anchor: count === 0 ? slug : `${slug}-${count}` }];
    });
    headingCache.set(file, headings);
  }
  return headings;
}

/**
 * A named section exists when a heading reads so, or starts so (up to its colon or bracket), or a
 * paragraph is labelled so in bold (`- **Leaving a list.** …`), as the docs name their parts.
 */
function hasSection(file: string, name: string): boolean {
  const wanted = name.toLowerCase();
  const isHeading = headingsOf(file).some(({ text }) => {
    const heading = text.toLowerCase();
    return heading === wanted || heading.startsWith(`${wanted}:`) || heading.startsWith(`${wanted} (`);
  });
  return (
    isHeading ||
    proseLines(file).some((line) => {
      const label = /^\s*(?:[-*]\s+|\d+\.\s+)?\*\*([^*]+?)\.?\*\*/.exec(line)?.[1];
      return label?.toLowerCase() === wanted;
    })
  );
}

/** A path as written in `from` (relative to it, or to the repository for `docs/…`). */
function resolvePath(from: string, target: string): string | null {
  const candidates = [join(dirname(from), target), target];
  const found = candidates.find((candidate) => existsSync(join(ROOT, candidate)));
  return found === undefined ? null : relative(ROOT, join(ROOT, found));
}

interface Problem {
  where: string;
  reference: string;
  why: string;
}

function problemsOf(file: string): Problem[] {
  const problems: Problem[] = [];
  proseLines(file).forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    const report = (reference: string, why: string) => problems.push({ where, reference, why });

    for (const [, captured] of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = present(captured, 'a link target');
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const linked = path === '' ? file : resolvePath(file, path);
      if (linked === null) {
        report(target, 'no such file');
        continue;
      }
      if (anchor !== undefined && linked.endsWith('.md')) {
        if (!headingsOf(linked).some((heading) => heading.anchor === anchor))
          report(target, `no heading with the anchor #${anchor} in ${linked}`);
      }
    }

    // Paths named in the text: `docs/x.md`, or `x.md` beside this file (notes/… live outside).
    for (const match of line.matchAll(/(?<![\w/.-])((?:docs\/)?[\w.-]+\.md)\b(`?,? "([^"]+)")?/g)) {
      const [, written, , section] = match;
      const path = present(written, 'a file name');
      const named = resolvePath(file, path);
      if (named === null) {
        report(path, 'no such file');
        continue;
      }
      if (section !== undefined && !hasSection(named, section))
        report(`${path} "${section}"`, `no heading "${section}" in ${named}`);
    }

    // A section of this same file: see "Heading".
    for (const [, captured] of line.matchAll(/\b[Ss]ee "([^"]+)"/g)) {
      const section = present(captured, 'a section name');
      if (!hasSection(file, section)) report(`see "${section}"`, `no heading "${section}" in ${file}`);
    }
  });
  return problems;
}

describe('references in the docs', () => {
  it('finds the docs and slugs headings the GitHub way', () => {
    expect(DOCS).toContain('docs/ARCHITECTURE.md');
    expect(githubSlug('The client (`src/db/sync`)')).toBe('the-client-srcdbsync');
    expect(githubSlug("Photos: what's kept, and why")).toBe('photos-whats-kept-and-why');
    expect(githubSlug('A -- B')).toBe('a----b');
  });

  it.each(DOCS)('%s: every link, anchor, path and section resolves', (file) => {
    expect(problemsOf(file)).toEqual([]);
  });
});
