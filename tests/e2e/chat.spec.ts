/**
 * Chat end to end (issue 17), two members in two browser contexts against the real server: a
 * message arrives live (the live channel), the unread badge counts it and clears once read; one
 * member goes offline, writes two messages, reloads (they show as waiting), comes back online, and
 * the other sees both, once, in order. axe on both chat pages.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { messages } from '../../src/contract/messages';
import { chatTexts } from '../../src/features/chat/chatTexts';
import { expectNoSeriousViolations } from './support/axe';
import { serviceWorkerInControl, signedInMember, type E2eMember } from './support/member';

test.setTimeout(180_000);

async function memberIn(browser: Browser, prefix: string): Promise<{ page: Page; member: E2eMember }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const member = await signedInMember(page, prefix);
  return { page, member };
}

const badge = (page: Page, count: number) =>
  page.getByRole('navigation', { name: messages.sideMenuLabel }).getByRole('link', {
    name: count > 0 ? `Unread messages: ${count}` : messages.unreadMessages,
    exact: true,
  });

test('two members chat live; offline messages are sent once, in order', async ({ browser }) => {
  const wren = await memberIn(browser, 'chat-wren');
  const robin = await memberIn(browser, 'chat-robin');
  // The welcome page '' has no side menu; Robin waits on a page of the shell, where the badge is.
  await robin.page.goto('/species');

  // Wren writes first, from /chat/{user_id}.
  await wren.page.goto(`/chat/${robin.member.userId}`);
  await wren.page.getByLabel(chatTexts.messageLabel, { exact: true }).fill('Osprey over the lake');
  await wren.page.getByRole('button', { name: chatTexts.send }).click();
  await expect(wren.page.getByTestId('chat-message')).toHaveCount(1);
  await expectNoSeriousViolations(wren.page, '/chat/{user_id}');

  // Robin's badge counts it without a reload (the live channel, or the 60 s poll).
  await expect(badge(robin.page, 1)).toBeVisible({ timeout: 75_000 });
  await badge(robin.page, 1).click();
  await expect(robin.page).toHaveURL(/\/chat-sessions$/);
  const list = robin.page.getByRole('list', { name: chatTexts.sessionsList });
  await expect(list).toContainText('Osprey over the lake');
  await expectNoSeriousViolations(robin.page, '/chat-sessions');
  await list.getByRole('link').first().click();
  await expect(robin.page.getByText('Osprey over the lake')).toBeVisible();
  // Opening the conversation reads it: the badge clears.
  await expect(badge(robin.page, 0)).toBeVisible();
  await expectNoSeriousViolations(robin.page, '/chat/{user_id}/session/{session_id}');

  // Wren sees Robin's reply live, in the open conversation.
  await robin.page.getByLabel(chatTexts.messageLabel, { exact: true }).fill('On my way');
  await robin.page.getByRole('button', { name: chatTexts.send }).click();
  await expect(wren.page.getByText('On my way')).toBeVisible({ timeout: 30_000 });

  // Robin goes offline, writes two messages, reloads: they wait, shown as pending.
  await serviceWorkerInControl(robin.page);
  await robin.page.context().setOffline(true);
  for (const text of ['First offline', 'Second offline']) {
    await robin.page.getByLabel(chatTexts.messageLabel, { exact: true }).fill(text);
    await robin.page.getByRole('button', { name: chatTexts.send }).click();
  }
  await expect(robin.page.getByText(chatTexts.pending)).toHaveCount(2);
  await robin.page.reload();
  await expect(robin.page.getByText(chatTexts.pending)).toHaveCount(2);
  await expect(robin.page.getByText('Osprey over the lake')).toBeVisible();

  await robin.page.context().setOffline(false);
  await expect(robin.page.getByText(chatTexts.pending)).toHaveCount(0, { timeout: 60_000 });
  const wrenMessages = wren.page.getByTestId('chat-message');
  await expect(wrenMessages).toHaveCount(4, { timeout: 60_000 });
  await expect(wrenMessages).toHaveText([
    /Osprey over the lake/,
    /On my way/,
    /First offline/,
    /Second offline/,
  ]);
  // Once: nothing more arrives after a reload from the server.
  await wren.page.reload();
  await expect(wren.page.getByTestId('chat-message')).toHaveCount(4);
});
