/**
 * The issue 18 admin pages end to end, in real Chromium against the real server: an admin writes a
 * content page and a help topic (each holding the whole XSS corpus) with the Markdown editor, a
 * guest reads both, online and then offline, and no payload runs; a member is refused on every
 * admin page with the spec's message and by the server (403 envelope); an admin grants a member
 * admin-cms:r on /admin-users (the member then opens /admin-cms), disables the account after
 * asking, and the audit trail shows both. axe finds no serious or critical violation on any page.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminTexts as texts } from '../../src/features/admin/texts';
import { reportActionTexts, reportTexts } from '../../src/features/reports/texts';
import { contentTexts } from '../../src/features/cms/contentTexts';
import { labels } from '../../src/app/labels';
import { imageViewTexts } from '../../src/features/media/texts';
import { messages } from '../../src/contract/messages';
import { XSS_CORPUS } from '../../src/test/xssCorpus';
import { adminPage, e2eAdmin } from './support/admin';
import { expectNoSeriousViolations } from './support/axe';
import {
  putObservation,
  registerMember,
  serviceWorkerInControl,
  signInThroughDialog,
} from './support/member';

const suffix = Date.now().toString(36);
const hostile = XSS_CORPUS.map((item) => item.markdown).join('\n\n');

/** Fails the test on any dialog (alert, confirm) a payload might open, and reads the flag they set. */
function watchForXss(page: Page) {
  page.on('dialog', (dialog) => {
    throw new Error(`a payload opened a dialog: ${dialog.message()}`);
  });
  return () => page.evaluate(() => (window as unknown as { __xss?: number }).__xss);
}

test('an admin writes a page and a help topic; a guest reads both, online and offline; nothing runs', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await adminPage(browser);
  const xssAdmin = watchForXss(admin);
  const slug = `e2e-policy-${suffix}`;
  const title = `Data Policy ${suffix}`;

  await admin.goto('/admin-cms');
  await expect(admin.getByRole('heading', { level: 1, name: labels.pages })).toBeVisible();
  await expect(
    admin.getByRole('table', { name: labels.pages }).getByRole('link', { name: 'Privacy Policy' }),
  ).toBeVisible();
  await expectNoSeriousViolations(admin, 'the pages table');

  await admin.getByRole('link', { name: texts.newPage }).click();
  await expect(admin.getByRole('heading', { level: 1, name: labels.pageDetails })).toBeVisible();
  await admin.getByRole('textbox', { name: texts.fieldTitle, exact: true }).fill(title);
  await admin.getByRole('textbox', { name: texts.fieldSlug, exact: true }).fill(slug);
  await admin
    .getByRole('textbox', { name: texts.fieldContent, exact: true })
    .fill(`## What we keep\n\nYour **sightings** and nothing more.\n\n${hostile}`);
  const preview = admin.getByRole('region', { name: texts.editorPreview });
  await expect(preview.getByRole('heading', { name: 'What we keep' })).toBeVisible();
  await expectNoSeriousViolations(admin, 'the page editor with its preview');
  await admin.getByRole('button', { name: texts.save }).click();
  await expect(admin.getByRole('alert').filter({ hasText: texts.created }).first()).toBeVisible();
  await expect(admin).toHaveURL(/\/admin-cms-page\/[0-9a-f-]{36}$/);

  const category = `e2e-subject-${suffix}`;
  const topicSlug = `e2e-topic-${suffix}`;
  await admin.goto('/admin-help');
  await expect(admin.getByRole('table', { name: labels.help })).toBeVisible();
  await expectNoSeriousViolations(admin, 'the help topics table');
  await admin.getByRole('link', { name: texts.newTopic }).click();
  await expect(admin.getByRole('heading', { level: 1, name: labels.helpDetails })).toBeVisible();
  await admin.getByRole('textbox', { name: texts.fieldTitle, exact: true }).fill(`Night birding ${suffix}`);
  await admin.getByRole('textbox', { name: texts.fieldSlug, exact: true }).fill(topicSlug);
  await admin.getByRole('textbox', { name: texts.fieldCategory, exact: true }).fill(category);
  await admin
    .getByRole('textbox', { name: texts.fieldCategoryTitle, exact: true })
    .fill(`After dark ${suffix}`);
  await admin
    .getByRole('textbox', { name: texts.fieldContent, exact: true })
    .fill(`Listen for owls at dusk.\n\n${hostile}`);
  await expectNoSeriousViolations(admin, 'the help editor');
  await admin.getByRole('button', { name: texts.save }).click();
  await expect(admin.getByRole('alert').filter({ hasText: texts.created }).first()).toBeVisible();
  await expect(admin).toHaveURL(/\/admin-help-details\/[0-9a-f-]{36}$/);
  expect(await xssAdmin()).toBeUndefined();
  await admin.context().close();

  // A guest, in a browser of their own.
  const context = await browser.newContext();
  const guest = await context.newPage();
  const xssGuest = watchForXss(guest);
  await guest.goto(`/general-content-page/${slug}`);
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(guest.getByText('and nothing more.')).toBeVisible();
  await expectNoSeriousViolations(guest, 'the new page, for a guest');
  await guest.goto(`/general-help/${category}?topic=${topicSlug}`);
  await expect(guest.getByText('Listen for owls at dusk.')).toBeVisible();
  await serviceWorkerInControl(guest);
  expect(await guest.locator('article script, article iframe, article object, article embed').count()).toBe(
    0,
  );
  expect(await xssGuest()).toBeUndefined();

  await context.setOffline(true);
  await guest.goto(`/general-content-page/${slug}`);
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(guest.getByText(contentTexts.contentOfflineCopy)).toBeVisible();
  await guest.goto(`/general-help/${category}?topic=${topicSlug}`);
  await expect(guest.getByText('Listen for owls at dusk.')).toBeVisible();
  expect(await xssGuest()).toBeUndefined();
  await context.close();
});

const ADMIN_PAGES = ['/admin-cms', '/admin-cms-page', '/admin-help', '/admin-help-details', '/admin-users'];

test('a member is refused on every admin page and by the server; an admin grants, disables, and it is audited', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const member = await registerMember(request, 'e2e-admin-users');
  for (const [method, path] of [
    ['GET', 'cms/pages'],
    ['GET', 'admin/users'],
    ['DELETE', 'help/00000000-0000-4000-8000-000000000000'],
  ] as const) {
    const answer = await request.fetch(`/api/v1.0/${path}`, {
      method,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(answer.status(), `${method} ${path}`).toBe(403);
    expect(await answer.json()).toMatchObject({ status: 'failed' });
  }

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/');
  await signInThroughDialog(memberPage, member);
  for (const path of ADMIN_PAGES) {
    await memberPage.goto(path);
    await expect(memberPage.getByRole('alert').filter({ hasText: messages.notAuthorised })).toBeVisible();
  }
  await expectNoSeriousViolations(memberPage, 'the refusal of an admin page');
  await memberContext.close();

  const admin = await adminPage(browser);
  await admin.goto('/admin-users');
  await expect(admin.getByRole('heading', { level: 1, name: labels.users })).toBeVisible();
  await admin.getByRole('searchbox', { name: texts.searchUsers }).fill(member.email);
  await admin.getByRole('button', { name: member.nickname, exact: true }).click();
  const detail = admin.getByRole('region', { name: `Member: ${member.nickname} (${member.email})` });
  await expect(detail.getByText(texts.auditEmpty)).toBeVisible();
  await expectNoSeriousViolations(admin, 'a member on the users page');
  await detail.getByRole('checkbox', { name: 'admin-cms: read' }).check();
  await detail.getByRole('button', { name: texts.saveAccess }).click();
  await expect(admin.getByRole('alert').filter({ hasText: texts.accessSaved }).first()).toBeVisible();

  // Signed in again, the member holds admin-cms:r and opens the pages table.
  const again = await (await browser.newContext()).newPage();
  await again.goto('/');
  await signInThroughDialog(again, member);
  await again.goto('/admin-cms');
  await expect(again.getByRole('table', { name: labels.pages })).toBeVisible();
  await expect(again.getByRole('link', { name: texts.newPage })).toHaveCount(0);
  await again.context().close();

  await detail.getByRole('button', { name: texts.disableMember }).click();
  const confirm = admin.getByRole('dialog', { name: `Disable ${member.nickname}?` });
  await expectNoSeriousViolations(admin, 'the disable confirmation');
  await confirm.getByRole('button', { name: texts.confirm }).click();
  await expect(detail.getByRole('button', { name: texts.enableMember })).toBeVisible();
  const audit = detail.getByRole('list', { name: texts.auditTitle });
  await expect(audit.getByRole('listitem').first()).toContainText(`disable by ${e2eAdmin.nickname}`);
  await expect(audit).toContainText(`permissions by ${e2eAdmin.nickname}`);
  const login = await request.post('/api/v1.0/login', {
    data: { username: member.email, password: member.password },
  });
  expect(login.ok()).toBe(false);
  await admin.context().close();
});

test('a member reports another; an admin hides them from the report page, and they can no longer sign in', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const reporter = await registerMember(request, 'e2e-reporter');
  const target = await registerMember(request, 'e2e-reported');
  const description = `Spam in every comment ${suffix}`;
  const created = await request.post('/api/v1.0/report_issue/create', {
    headers: { authorization: `Bearer ${reporter.token}` },
    data: { section: 'user', id: target.userId, user_id: reporter.userId, category: 'spam', description },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const reportId = ((await created.json()) as { report: { id: string } }).report.id;

  const admin = await adminPage(browser);
  await admin.goto('/admin-issue-reports');
  const table = admin.getByRole('table', { name: labels.issueReports });
  await expect(table.getByRole('link').first()).toBeVisible();
  await expectNoSeriousViolations(admin, 'the issue reports table');
  await admin.goto(`/admin-issue-report-details/${reportId}`);
  await expect(admin.getByText(description)).toBeVisible();
  await expectNoSeriousViolations(admin, 'an issue report');
  await admin.getByRole('button', { name: reportTexts.actions.hide }).click();
  const dialog = admin.getByRole('dialog', { name: reportTexts.hideTitle });
  await dialog.getByRole('button', { name: reportTexts.actions.hide }).click();
  await expect(admin.getByRole('button', { name: reportTexts.actions.unhide })).toBeVisible();
  await expect(admin.getByRole('list', { name: reportTexts.historyTitle })).toContainText(
    `hide by ${e2eAdmin.nickname}`,
  );
  const login = await request.post('/api/v1.0/login', {
    data: { username: target.email, password: target.password },
  });
  expect(login.ok()).toBe(false);
  await admin.context().close();
});

/** A member's public sighting with an uploaded photo, and a comment on it by that member. */
async function commentedPhoto(request: APIRequestContext, text: string) {
  const owner = await registerMember(request, 'e2e-commenter');
  const headers = { authorization: `Bearer ${owner.token}` };
  const mediaId = randomUUID();
  const observationId = randomUUID();
  await putObservation(request, owner, 'avibase-fed3756c', {
    observation_id: observationId,
    date: 1_768_046_400,
    coordinate: { type: 'Point', coordinates: [-120.5481, 46.9965] },
    media: [{ media_id: mediaId, path: `/api/v1.0/media/${mediaId}/original.jpg`, featured: true }],
  });
  const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3c785a' } })
    .jpeg()
    .toBuffer();
  const upload = await request.put(`/api/v1.0/media/${mediaId}/base64`, {
    headers,
    data: { image: `data:image/jpeg;base64,${jpeg.toString('base64')}`, observation_id: observationId },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const commented = await request.put(`/api/v1.0/media/${mediaId}/comments/${randomUUID()}`, {
    headers,
    data: { comment: text },
  });
  expect(commented.ok(), await commented.text()).toBe(true);
  return { mediaId };
}

test('a member reports a comment; an admin hides it and it is gone for everybody', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const text = `You are all fools ${suffix}`;
  const { mediaId } = await commentedPhoto(request, text);
  const reporter = await registerMember(request, 'e2e-comment-reporter');

  const memberPage = await (await browser.newContext()).newPage();
  await memberPage.goto('/');
  await signInThroughDialog(memberPage, reporter);
  await memberPage.goto(`/image-view?media_id=${mediaId}`);
  const comment = memberPage
    .getByRole('list', { name: imageViewTexts.imageViewComments })
    .locator('li')
    .filter({ hasText: text });
  await comment.getByRole('button', { name: 'Report this comment' }).click();
  const dialog = memberPage.getByRole('dialog', { name: 'Report this comment' });
  await dialog.getByRole('radio', { name: 'Offensive' }).check();
  await expectNoSeriousViolations(memberPage, 'the report dialog');
  await dialog.getByRole('button', { name: reportActionTexts.send }).click();
  await expect(
    memberPage.getByRole('alert').filter({ hasText: reportActionTexts.sent }).first(),
  ).toBeVisible();
  await memberPage.context().close();

  const admin = await adminPage(browser);
  await admin.goto('/admin-issue-reports');
  await admin
    .getByRole('table', { name: labels.issueReports })
    .getByRole('link', { name: 'Comment: Offensive' })
    .first()
    .click();
  await expect(admin.getByRole('region', { name: reportTexts.reportedThing })).toContainText(text);
  await admin.getByRole('button', { name: reportTexts.actions.hide }).click();
  await admin
    .getByRole('dialog', { name: reportTexts.hideTitle })
    .getByRole('button', { name: reportTexts.actions.hide })
    .click();
  await expect(admin.getByRole('button', { name: reportTexts.actions.unhide })).toBeVisible();
  await admin.context().close();

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/image-view?media_id=${mediaId}`);
  await expect(guest.getByText(imageViewTexts.imageViewNoComments)).toBeVisible();
  await expect(guest.getByText(text)).toHaveCount(0);
  await guest.context().close();
});
