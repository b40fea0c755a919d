// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { internalPath, Markdown, type MarkdownProps } from './Markdown';
import { present } from '../../test/present';

afterEach(cleanup);

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function show(props: MarkdownProps) {
  const { container } = render(
    <MemoryRouter initialEntries={['/start']}>
      <Routes>
        <Route path="*" element={<Markdown {...props} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return present(container.querySelector('.markdown'), 'the markdown box');
}

describe('Markdown', () => {
  it('renders headings from the given level, lists, emphasis and quotes', () => {
    const box = show({ markdown: '> **Note**\n\n# Top\n\n## Section\n\n- one\n- *two*\n', topLevel: 2 });
    expect(box.querySelector('blockquote strong')?.textContent).toBe('Note');
    expect(screen.getByRole('heading', { level: 2, name: 'Top' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Section' })).toBeTruthy();
    expect([...box.querySelectorAll('li')].map((li) => li.innerHTML)).toEqual(['one', '<em>two</em>']);
  });

  it('never goes past h6', () => {
    show({ markdown: '#### Deep', topLevel: 4 });
    expect(screen.getByRole('heading', { level: 6, name: 'Deep' })).toBeTruthy();
  });

  it('drops raw HTML: scripts, handlers, styles, forms and frames never reach the page', () => {
    const box = show({
      markdown: [
        'Before',
        '<script>window.hacked = 1</script>',
        '<img src="x.png" onerror="window.hacked = 2">',
        '<p style="color:red" onclick="window.hacked = 3">styled</p>',
        '<form action="/steal"><input name="p"><button>Go</button></form>',
        '<iframe src="https://example.org"></iframe>',
        'After',
      ].join('\n\n'),
    });
    expect(
      box.querySelector('script, img, form, input, button, iframe, [style], [onclick], [onerror]'),
    ).toBeNull();
    expect(box.textContent).toContain('Before');
    expect(box.textContent).toContain('After');
  });

  it('empties javascript: and data: links', () => {
    show({ markdown: '[one](javascript:alert(1)) [two](data:text/html,x) [three](JaVaScRiPt:alert(2))' });
    for (const name of ['one', 'two', 'three']) {
      const href = screen.getByText(name).closest('a')?.getAttribute('href') ?? '';
      expect(href, name).not.toMatch(/javascript|data:/i);
    }
  });

  it('opens links to other sites in a new tab without an opener', () => {
    show({ markdown: '[site](https://example.org/a)' });
    const link = screen.getByRole('link', { name: 'site' });
    expect(link.getAttribute('href')).toBe('https://example.org/a');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('follows a link to a page of the app with the router', () => {
    show({ markdown: 'Read the [privacy policy](/general-content-page/privacy-policy).' });
    const link = screen.getByRole('link', { name: 'privacy policy' });
    expect(link.getAttribute('target')).toBeNull();
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/general-content-page/privacy-policy');
  });

  it('hands such a link to onInternalLink when one is given, except for a modified click', () => {
    const onInternalLink = vi.fn();
    show({ markdown: '[help](/general-help)', onInternalLink });
    fireEvent.click(screen.getByRole('link', { name: 'help' }), { ctrlKey: true });
    expect(onInternalLink).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'help' }));
    expect(onInternalLink).toHaveBeenCalledWith('/general-help');
    expect(screen.getByTestId('where').textContent).toBe('/start');
  });
});

describe('internalPath', () => {
  it('accepts paths of the app only', () => {
    expect(internalPath('/general-help')).toBe('/general-help');
    expect(internalPath('//evil.example/x')).toBeNull();
    expect(internalPath('https://example.org/')).toBeNull();
    expect(internalPath('#top')).toBeNull();
    expect(internalPath(undefined)).toBeNull();
  });
});
