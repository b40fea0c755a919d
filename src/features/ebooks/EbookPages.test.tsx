// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ebook, EbookSummary } from '@contract/ebooks';
import { ebookAdminTexts as texts } from './ebookAdminTexts';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { AppRoutes } from '../../app/router';
import { networkActions } from '../../app/networkSlice';
import { aLoginResponse, signedInState } from '../../test/factories';
import { fakeNetwork, type FakeNetwork, type SentRequest } from '../../test/fakeNetwork';
import { present } from '../../test/present';
import { renderApp } from '../../test/renderApp';

const signedIn = (roles: string[]) => signedInState({ roles });
const admin = () => signedIn(['member', 'admin']);
const TOKEN = aLoginResponse().auth_token;
const BOOK = '0b7c1f4e-2a3d-4c5b-8e6f-7a8b9c0d1e2f';
const COPY = '1c8d2e5f-3b4e-4d6c-9f70-8b9cad1e2f30';
const sentWith = (sent: SentRequest[], method: string, path: string) =>
  sent.filter((request) => request.method === method && request.path.split('?')[0] === path);

const summary: EbookSummary = {
  id: BOOK,
  name: 'Raptors of the Lowveld',
  type: 'field_guide',
  photo_category: 'raptors',
  page_size: 'A5',
  page_orientation: 'portrait',
  chapter_count: 2,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_500,
};
const book: Ebook = {
  ...summary,
  toc: [
    { title: 'Eagles', chapter: 1, level: 1 },
    { title: 'Falcons', chapter: 2, level: 2 },
  ],
  chapters: [
    { chapter: 1, title: 'Eagles', status: 'Published', species_count: 3, updated_at: 1_700_000_100 },
    { chapter: 2, title: 'Falcons', status: 'Draft', species_count: 0, updated_at: 1_700_000_200 },
  ],
};

function bookNetwork(): FakeNetwork {
  const network = fakeNetwork();
  network.on('GET', 'ebooks', { body: { status: 'success', ebooks: [summary] } });
  network.on('GET', `ebooks/${BOOK}`, { body: { status: 'success', ebook: book } });
  return network;
}

beforeAll(async () => {
  await import('./pages'); // lazy pages: compile them once, outside the tests' waits
});
afterEach(() => vi.restoreAllMocks());

const inputValue = (label: string) => screen.getByRole<HTMLInputElement>('textbox', { name: label }).value;

const typeInto = (label: string, value: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
};

describe('who may open the ebook pages (route guard, SPEC §6)', () => {
  it.each(['/ebook-listing', `/ebook-details/${BOOK}`])(
    '%s refuses a member, an admin-ads member and a guest, asking the server nothing',
    async (route) => {
      for (const preloadedState of [signedIn(['member']), signedIn(['member', 'admin-ads']), {}]) {
        const rendered = renderApp(<AppRoutes />, { route, preloadedState, network: bookNetwork() });
        const alerts = await screen.findAllByRole('alert');
        expect(alerts.some((alert) => alert.textContent.includes(messages.notAuthorised))).toBe(true);
        expect(screen.queryByRole('table')).toBeNull();
        expect(rendered.network.sent.filter((request) => request.path !== 'oauth/token')).toEqual([]);
        cleanup();
      }
    },
  );

  it("shows the server's refusal when the server says no", async () => {
    const network = fakeNetwork();
    network.on('GET', 'ebooks', { status: 403, body: { status: 'failed', reason: messages.notAuthorised } });
    renderApp(<AppRoutes />, { route: '/ebook-listing', preloadedState: admin(), network });
    expect(await screen.findByText(messages.notAuthorised)).toBeTruthy();
  });

  it('needs the network', async () => {
    const { store } = renderApp(<AppRoutes />, {
      route: '/ebook-listing',
      preloadedState: admin(),
      network: bookNetwork(),
    });
    store.dispatch(networkActions.wentOffline());
    const exactly = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    expect(await screen.findByText(messages.offline, exactly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.create })).toBeNull();
  });
});

describe('/ebook-listing', () => {
  it('lists the ebooks with their type, page and chapters, each opening its details', async () => {
    renderApp(<AppRoutes />, { route: '/ebook-listing', preloadedState: admin(), network: bookNetwork() });
    const table = await screen.findByRole('table', { name: labels.ebooks });
    const row = within(table).getByRole('row', { name: /Raptors of the Lowveld/ });
    expect(within(row).getByRole('link', { name: summary.name }).getAttribute('href')).toBe(
      `/ebook-details/${BOOK}`,
    );
    expect(row.textContent).toContain('Field guide');
    expect(row.textContent).toContain('A5, Portrait');
    expect(within(row).getAllByRole('cell')[3]?.textContent).toBe('2');
    expect(screen.getByRole('heading', { level: 2, name: texts.newEbook })).toBeTruthy();
  });

  it('creates an ebook with the chosen choices, keeping the draft after a refusal', async () => {
    const network = bookNetwork();
    network.on('POST', 'ebooks', {
      status: 409,
      body: { status: 'failed', reason: 'name: there is already an ebook called Owls.' },
    });
    renderApp(<AppRoutes />, { route: '/ebook-listing', preloadedState: admin(), network });
    const create = await screen.findByRole('button', { name: texts.create });
    fireEvent.click(create);
    expect(await screen.findByText(texts.fixFields)).toBeTruthy();
    expect(sentWith(network.sent, 'POST', 'ebooks')).toEqual([]);

    typeInto(texts.fieldName, '  Owls ');
    typeInto(texts.fieldPhotoCategory, 'owls');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: texts.fieldType }));
    fireEvent.click(await screen.findByRole('option', { name: 'Checklist' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: texts.fieldPageOrientation }));
    fireEvent.click(await screen.findByRole('option', { name: 'Landscape' }));
    fireEvent.click(create);
    const refusal = formatMessage(texts.draftKept, {
      reason: 'name: there is already an ebook called Owls.',
    });
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(sentWith(network.sent, 'POST', 'ebooks').map((request) => request.body)).toEqual([
      {
        name: 'Owls',
        type: 'checklist',
        photo_category: 'owls',
        page_size: 'A4',
        page_orientation: 'landscape',
      },
    ]);
    expect(inputValue(texts.fieldName)).toBe('  Owls ');

    network.on('POST', 'ebooks', {
      body: { status: 'success', ebook: { ...book, id: COPY, name: 'Owls 2', chapters: [], toc: [] } },
    });
    network.on('GET', `ebooks/${COPY}`, {
      body: { status: 'success', ebook: { ...book, id: COPY, name: 'Owls 2', chapters: [], toc: [] } },
    });
    typeInto(texts.fieldName, 'Owls 2');
    fireEvent.click(create);
    expect(await screen.findByRole('heading', { level: 1, name: labels.ebook })).toBeTruthy();
    expect(await screen.findByText(texts.noChapters)).toBeTruthy();
  });

  it('clones an ebook under the name asked for and opens the copy', async () => {
    const network = bookNetwork();
    network.on('POST', `ebooks/${BOOK}/clone`, (request) =>
      (request.body as { ebook_name: string }).ebook_name === summary.name
        ? { status: 409, body: { status: 'failed', reason: 'name: there is already an ebook called it.' } }
        : { body: { status: 'success', ebook: { ...book, id: COPY, name: 'Raptors 2' } } },
    );
    network.on('GET', `ebooks/${COPY}`, {
      body: { status: 'success', ebook: { ...book, id: COPY, name: 'Raptors 2' } },
    });
    renderApp(<AppRoutes />, { route: '/ebook-listing', preloadedState: admin(), network });
    fireEvent.click(
      await screen.findByRole('button', { name: formatMessage(texts.cloneTitle, { name: summary.name }) }),
    );
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: texts.cloneName });
    fireEvent.change(name, { target: { value: summary.name } });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.clone }));
    expect(
      await within(dialog).findByText(
        formatMessage(texts.draftKept, { reason: 'name: there is already an ebook called it.' }),
      ),
    ).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Raptors 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.clone }));
    expect(await screen.findByDisplayValue('Raptors 2')).toBeTruthy();
    expect(sentWith(network.sent, 'POST', `ebooks/${BOOK}/clone`).map((request) => request.body)).toEqual([
      { ebook_name: summary.name },
      { ebook_name: 'Raptors 2' },
    ]);
  });
});

describe('/ebook-details/{ebook_id}', () => {
  const open = (network: FakeNetwork) =>
    renderApp(<AppRoutes />, { route: `/ebook-details/${BOOK}`, preloadedState: admin(), network });

  it('saves the description, keeping what was typed after a refusal', async () => {
    const network = bookNetwork();
    network.on('PUT', `ebooks/${BOOK}`, {
      status: 409,
      body: { status: 'failed', reason: 'name: there is already an ebook called Owls.' },
    });
    open(network);
    const name = await screen.findByRole<HTMLInputElement>('textbox', { name: texts.fieldName });
    expect(name.value).toBe(summary.name);
    fireEvent.change(name, { target: { value: 'Owls' } });
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(
      await screen.findByText(
        formatMessage(texts.draftKept, { reason: 'name: there is already an ebook called Owls.' }),
      ),
    ).toBeTruthy();
    expect(name.value).toBe('Owls');
    expect(sentWith(network.sent, 'PUT', `ebooks/${BOOK}`).map((request) => request.body)).toEqual([
      {
        name: 'Owls',
        type: 'field_guide',
        photo_category: 'raptors',
        page_size: 'A5',
        page_orientation: 'portrait',
      },
    ]);
  });

  it('lists the chapters with their status, changes one, and adds a chapter', async () => {
    const network = bookNetwork();
    network.on('PUT', `ebooks/${BOOK}/chapter_status`, {
      body: {
        status: 'success',
        chapter: { ...present(book.chapters[1]), status: 'Review', ebook_id: BOOK, content: '' },
      },
    });
    network.on('POST', `ebooks/${BOOK}/chapter`, {
      status: 400,
      body: { status: 'failed', reason: 'chapter: an ebook has at most 999 chapters.' },
    });
    open(network);
    const table = await screen.findByRole('table', { name: texts.chaptersHeading });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const second = within(table).getByRole('combobox', {
      name: formatMessage(texts.statusOf, { chapter: 2 }),
    });
    expect(second.textContent).toBe('Draft');
    fireEvent.mouseDown(second);
    fireEvent.click(await screen.findByRole('option', { name: 'In review' }));
    await waitFor(() => {
      expect(sentWith(network.sent, 'PUT', `ebooks/${BOOK}/chapter_status`).map((r) => r.body)).toEqual([
        { chapter: 2, status: 'Review' },
      ]);
    });

    typeInto(texts.chapterTitle, 'Owls');
    fireEvent.click(screen.getByRole('button', { name: texts.addChapter }));
    expect(
      await screen.findByText(
        formatMessage(texts.draftKept, { reason: 'chapter: an ebook has at most 999 chapters.' }),
      ),
    ).toBeTruthy();
    expect(inputValue(texts.chapterTitle)).toBe('Owls');
    expect(sentWith(network.sent, 'POST', `ebooks/${BOOK}/chapter`).map((r) => r.body)).toEqual([
      { title: 'Owls', status: 'Draft' },
    ]);
  });

  it('edits the table of contents in order and saves it whole', async () => {
    const network = bookNetwork();
    network.on('PUT', `ebooks/${BOOK}/toc`, (request) => ({
      body: { status: 'success', ebook: { ...book, toc: (request.body as { toc: Ebook['toc'] }).toc } },
    }));
    open(network);
    const second = `${texts.tocTitle} 2`;
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: second })).value).toBe('Falcons');
    fireEvent.click(screen.getByRole('button', { name: formatMessage(texts.tocUp, { n: 2 }) }));
    expect(inputValue(`${texts.tocTitle} 1`)).toBe('Falcons');
    fireEvent.click(screen.getByRole('button', { name: texts.tocAdd }));
    fireEvent.click(screen.getByRole('button', { name: texts.tocSave }));
    // A heading left empty is named and nothing is sent.
    expect(await screen.findByText(texts.fixFields)).toBeTruthy();
    expect(sentWith(network.sent, 'PUT', `ebooks/${BOOK}/toc`)).toEqual([]);
    typeInto(`${texts.tocTitle} 3`, ' Index ');
    fireEvent.click(screen.getByRole('button', { name: formatMessage(texts.tocRemove, { n: 2 }) }));
    fireEvent.click(screen.getByRole('button', { name: texts.tocSave }));
    await waitFor(() => {
      expect(sentWith(network.sent, 'PUT', `ebooks/${BOOK}/toc`).map((r) => r.body)).toEqual([
        {
          toc: [
            { title: 'Falcons', chapter: 2, level: 2 },
            { title: 'Index', chapter: null, level: 2 },
          ],
        },
      ]);
    });
  });

  it("exports the PDF with the admin's token, saving it under the server's name, or says why not", async () => {
    const network = bookNetwork();
    let published = false;
    network.on('GET', `ebooks/${BOOK}/export`, () =>
      published
        ? {
            body: '%PDF-1.7',
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="Raptors of the Lowveld.pdf"',
            },
          }
        : { status: 409, body: { status: 'failed', reason: messages.ebookExportEmpty } },
    );
    // The browser's save (the boundary): which file an anchor click would save.
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    open(network);
    const button = await screen.findByRole('button', { name: texts.exportPdf });
    fireEvent.click(button);
    expect(
      await screen.findByText(formatMessage(texts.exportFailed, { reason: messages.ebookExportEmpty })),
    ).toBeTruthy();
    expect(saved).toEqual([]);
    published = true;
    fireEvent.click(button);
    expect(
      await screen.findByText(formatMessage(texts.exportSaved, { file: 'Raptors of the Lowveld.pdf' })),
    ).toBeTruthy();
    expect(saved).toEqual(['Raptors of the Lowveld.pdf']);
    const request = present(sentWith(network.sent, 'GET', `ebooks/${BOOK}/export`).at(-1));
    expect(request.path).toBe(`ebooks/${BOOK}/export?format=pdf`);
    expect(request.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('says so when there is no such ebook', async () => {
    const network = fakeNetwork();
    network.on('GET', `ebooks/${BOOK}`, {
      status: 404,
      body: { status: 'failed', reason: messages.ebookNotFound },
    });
    open(network);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.save })).toBeNull();
  });
});
