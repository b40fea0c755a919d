// @vitest-environment happy-dom
/**
 * The XSS corpus through the one sanitiser of content pages and help, the Markdown renderer: for
 * every payload, no element that can run code, no event handler or style attribute, and no
 * javascript:, vbscript: or data: address survives, and nothing ran. The server stores the same
 * payloads as written (tests/server/content-admin.test.ts), so this is what every reader gets.
 */
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { XSS_CORPUS } from '../../test/xssCorpus';
import { Markdown } from './Markdown';
import { present } from '../../test/present';

afterEach(() => {
  cleanup();
  delete (window as { __xss?: unknown }).__xss;
});

const DANGEROUS_ELEMENTS =
  'script, iframe, frame, object, embed, form, input, button, textarea, style, meta, base, link, ' +
  'svg, math, template, noscript, details, body, html';
const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'srcset',
  'poster',
  'background',
];
/** What a browser ignores inside a scheme (whitespace, controls, zero-width characters). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a browser skips
const IGNORED_IN_SCHEME = /[\s\u0000-\u001f\u200b-\u200d\ufeff]/g;

function problems(root: Element): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll(DANGEROUS_ELEMENTS))
    found.push(`element <${element.localName}>`);
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`handler ${name} on <${element.localName}>`);
      if (name === 'style' || name === 'srcdoc') found.push(`${name} on <${element.localName}>`);
      if (URL_ATTRIBUTES.includes(name)) {
        const scheme = attribute.value.replace(IGNORED_IN_SCHEME, '').toLowerCase();
        if (/^(javascript|vbscript|data):/.test(scheme)) found.push(`${name}="${attribute.value}"`);
      }
    }
  }
  return found;
}

describe('Markdown against the XSS corpus', () => {
  it.each(XSS_CORPUS.map((entry) => [entry.name, entry.markdown] as const))(
    '%s: nothing that can run survives',
    (_name, markdown) => {
      const { container } = render(
        <MemoryRouter>
          <Markdown markdown={`Before\n\n${markdown}\n\nAfter`} />
        </MemoryRouter>,
      );
      const box = present(container.querySelector('.markdown'), 'the markdown box');
      expect(problems(box)).toEqual([]);
      expect((window as { __xss?: unknown }).__xss).toBeUndefined();
      // The text before the payload is still there: the renderer dropped the payload, not the page
      // (an unclosed HTML block may swallow what follows it, as CommonMark says).
      expect(box.textContent).toContain('Before');
    },
  );

  it('the check itself finds what it must (it can fail)', () => {
    const div = document.createElement('div');
    div.innerHTML =
      '<img src="x" onerror="1"><a href=" java\tscript:alert(1)">x</a><svg></svg><p style="x">y</p>';
    expect(problems(div)).toEqual([
      'element <svg>',
      'handler onerror on <img>',
      'href=" java\tscript:alert(1)"',
      'style on <p>',
    ]);
  });
});
