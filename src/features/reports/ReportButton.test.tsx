// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { reportActionTexts as texts } from './texts';
import { networkActions } from '../../app/networkSlice';
import { sessionActions, sessionSlice } from '../../app/sessionSlice';
import { db } from '../../db/db';
import { aLoginResponse } from '../../test/factories';
import { fakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { ReportButton } from './ReportButton';

const ME = '11111111-2222-4333-8444-555555555555';
const COMMENT = '0b0e7c1e-5f1a-4c55-9a59-0c4b8e0a1d2f';
const signedIn = () => ({
  session: sessionSlice.reducer(
    undefined,
    sessionActions.loggedIn({
      response: aLoginResponse({ user_id: ME }),
      username: 'wren@example.org',
      method: 'basic',
    }),
  ),
});

beforeEach(async () => {
  await db.outbox.clear();
});

async function reportIt() {
  fireEvent.click(screen.getByRole('button', { name: 'Report this comment' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
  fireEvent.click(within(dialog).getByRole('button', { name: texts.send }));
  expect(await within(dialog).findByText(texts.chooseWhy)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Offensive' }));
  fireEvent.change(within(dialog).getByRole('textbox', { name: texts.details }), {
    target: { value: 'Insults' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: texts.send }));
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).toBeNull();
  });
}

const body = { section: 'comment', id: COMMENT, user_id: ME, category: 'offensive', description: 'Insults' };

describe('the Report action', () => {
  it('is not offered to guests nor on the member’s own things', () => {
    renderApp(<ReportButton section="comment" id={COMMENT} what="comment" />);
    expect(screen.queryByRole('button', { name: 'Report this comment' })).toBeNull();
    cleanup();
    renderApp(<ReportButton section="comment" id={COMMENT} what="comment" ownerId={ME} />, {
      preloadedState: signedIn(),
    });
    expect(screen.queryByRole('button', { name: 'Report this comment' })).toBeNull();
  });

  it('sends the report when online', async () => {
    const network = fakeNetwork();
    network.on('POST', 'report_issue/create', { body: { status: 'success', created: true } });
    renderApp(<ReportButton section="comment" id={COMMENT} what="comment" />, {
      preloadedState: signedIn(),
      network,
    });
    await reportIt();
    expect(await screen.findByText(texts.sent)).toBeTruthy();
    expect(network.sent.find((request) => request.path === 'report_issue/create')?.body).toEqual(body);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps the report in the outbox when offline', async () => {
    const rendered = renderApp(<ReportButton section="comment" id={COMMENT} what="comment" />, {
      preloadedState: signedIn(),
    });
    rendered.store.dispatch(networkActions.wentOffline());
    await reportIt();
    expect(await screen.findByText(texts.stored)).toBeTruthy();
    const rows = await db.outbox.toArray();
    expect(rows.map((row) => [row.type, row.url, row.data, row.user_id])).toEqual([
      ['POST', 'report_issue/create', body, ME],
    ]);
    expect(rendered.network.sent.filter((request) => request.path === 'report_issue/create')).toEqual([]);
  });
});
