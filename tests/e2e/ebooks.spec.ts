/**
 * The ebook admin pages (issue 18; SPEC §2 /ebook-*) in Chromium against the real server: an
 * administrator walks from the ebook list to a book, writes a chapter (its Markdown previewed, then
 * saved and read back after a reload), opens the chapter's species, the media library and a new page
 * template, which is created. axe finds no serious or critical violation on any of the six pages.
 * The refusals for members are the unit and server tests' (EbookPages.test.tsx, permissions-table).
 */
import { expect, test } from '@playwright/test';
import type { EbookResponse } from '../../src/contract/ebooks';
import { labels } from '../../src/app/labels';
import { ebookAdminTexts } from '../../src/features/ebooks/ebookAdminTexts';
import { ebookChapterTexts } from '../../src/features/ebooks/ebookChapterTexts';
import { ebookLibraryTexts } from '../../src/features/ebooks/ebookLibraryTexts';
import { adminPage, e2eAdmin } from './support/admin';
import { expectNoSeriousViolations } from './support/axe';

const stamp = Date.now().toString(36);
const bookName = `Raptors of the Lowveld ${stamp}`;
let bookId = '';

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/v1.0/login', {
    data: { username: e2eAdmin.email, password: e2eAdmin.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = { authorization: `Bearer ${((await login.json()) as { auth_token: string }).auth_token}` };
  const created = await request.post('/api/v1.0/ebooks', {
    headers,
    data: {
      name: bookName,
      type: 'field_guide',
      photo_category: '',
      page_size: 'A5',
      page_orientation: 'portrait',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  bookId = ((await created.json()) as EbookResponse).ebook.id;
  const chapter = await request.post(`/api/v1.0/ebooks/${bookId}/chapter`, {
    headers,
    data: { chapter: 1, title: 'Eagles' },
  });
  expect(chapter.ok(), await chapter.text()).toBe(true);
});

test('an admin writes a chapter, opens its species, the media library and a new page template', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await adminPage(browser);
  const main = page.getByRole('main');
  const heading = (name: string) => page.getByRole('heading', { level: 1, name });

  await page.goto('/ebook-listing');
  await expect(heading(labels.ebooks)).toBeVisible();
  await main.getByRole('link', { name: bookName }).click();
  await expect(heading(labels.ebook)).toBeVisible();
  await expect(main.getByRole('textbox', { name: ebookAdminTexts.fieldName })).toHaveValue(bookName);
  await expectNoSeriousViolations(page, '/ebook-listing → /ebook-details', 'main');

  // The chapter's text: previewed as it is typed, kept after a reload once saved.
  await page.goto(`/ebook-chapter/${bookId}/1`);
  await expect(heading(labels.ebookChapter)).toBeVisible();
  const text = main.getByRole('textbox', { name: ebookChapterTexts.content });
  await text.fill('## Martial Eagle\n\nThe **largest** eagle of the region.');
  await expect(main.getByRole('heading', { name: 'Martial Eagle' })).toBeVisible();
  await expectNoSeriousViolations(page, '/ebook-chapter', 'main');
  await main.getByRole('button', { name: ebookChapterTexts.save, exact: true }).click();
  await expect(page.getByText(ebookChapterTexts.saved, { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(main.getByRole('textbox', { name: ebookChapterTexts.content })).toHaveValue(
    '## Martial Eagle\n\nThe **largest** eagle of the region.',
  );

  await page.goto(`/ebook-chapter-species/${bookId}/1`);
  await expect(heading(labels.ebookChapterSpecies)).toBeVisible();
  await expect(main.getByText(ebookChapterTexts.noSpecies)).toBeVisible();
  await expectNoSeriousViolations(page, '/ebook-chapter-species', 'main');

  await page.goto('/ebook-media');
  await expect(heading(labels.ebookMedia)).toBeVisible();
  await expect(main.getByRole('heading', { name: ebookLibraryTexts.uploadHeading })).toBeVisible();
  await expectNoSeriousViolations(page, '/ebook-media', 'main');

  // A new page template: created, then its own address.
  await page.goto('/ebook-page-template/new');
  await expect(heading(labels.ebookPageTemplate)).toBeVisible();
  await main
    .getByRole('textbox', { name: ebookLibraryTexts.fieldTemplateName })
    .fill(`Species page ${stamp}`);
  await main
    .getByRole('textbox', { name: ebookLibraryTexts.fieldTemplate })
    .fill('<section>{{species}}</section>');
  await expectNoSeriousViolations(page, '/ebook-page-template/new', 'main');
  await main.getByRole('button', { name: ebookLibraryTexts.create }).click();
  await expect(page).toHaveURL(/\/ebook-page-template\/[0-9a-f-]{36}$/);
  await expect(main.getByRole('textbox', { name: ebookLibraryTexts.fieldTemplateName })).toHaveValue(
    `Species page ${stamp}`,
  );
  await page.context().close();
});
