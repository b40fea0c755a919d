// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Chapter, ChapterSpecies } from '@contract/ebooks';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { AppRoutes } from '../../app/router';
import { signedInState } from '../../test/factories';
import { fakeNetwork, type FakeNetwork, type SentRequest } from '../../test/fakeNetwork';
import { present } from '../../test/present';
import { renderApp } from '../../test/renderApp';
import { ebookChapterTexts as texts } from './ebookChapterTexts';

const signedIn = (roles: string[]) => signedInState({ roles });
const admin = () => signedIn(['member', 'admin']);
const BOOK = '0b7c1f4e-2a3d-4c5b-8e6f-7a8b9c0d1e2f';
const CHAPTER_PAGE = `/ebook-chapter/${BOOK}/2`;
const SPECIES_PAGE = `/ebook-chapter-species/${BOOK}/2`;
const sentWith = (sent: SentRequest[], method: string, path: string) =>
  sent.filter((request) => request.method === method && request.path.split('?')[0] === path);

const chapter: Chapter = {
  ebook_id: BOOK,
  chapter: 2,
  title: 'Falcons',
  status: 'Draft',
  content: '# Falcons\n\nFast **hunters**.',
  species_count: 2,
  updated_at: 1_700_000_200,
};

// Species of the committed demo extract (src/features/species/testSpecies.ts), never invented.
const eagle: ChapterSpecies = {
  species_id: 'avibase-fed3756c',
  position: 1,
  name: 'Bald Eagle',
  scientific_name: 'Haliaeetus leucocephalus',
  content_species: 'A **big** eagle.',
};
const osprey: ChapterSpecies = {
  species_id: 'avibase-5f8e7ca8',
  position: 2,
  name: 'Golden Eagle',
  scientific_name: 'Aquila chrysaetos',
  content_species: '',
};
const kite = { _id: 'avibase-caa5e106', name: 'White-tailed Kite', scientific_name: 'Elanus leucurus' };

function chapterNetwork(): FakeNetwork {
  const network = fakeNetwork();
  network.on('GET', `ebooks/${BOOK}/chapter/2`, { body: { status: 'success', chapter } });
  network.on('GET', `ebooks/${BOOK}/chapter/2/species`, {
    body: { status: 'success', chapter: 2, species: [eagle, osprey] },
  });
  return network;
}

beforeAll(async () => {
  await import('./chapterPages'); // lazy pages: compile them once, outside the tests' waits
});
afterEach(() => vi.restoreAllMocks());

const field = (label: string) => screen.getByRole<HTMLInputElement>('textbox', { name: label });

describe('who may open the chapter pages (route guard, SPEC §6)', () => {
  it.each([CHAPTER_PAGE, SPECIES_PAGE])(
    '%s refuses a member and a guest, asking the server nothing, and opens for an admin',
    async (route) => {
      for (const preloadedState of [signedIn(['member']), {}]) {
        const rendered = renderApp(<AppRoutes />, { route, preloadedState, network: chapterNetwork() });
        const alerts = await screen.findAllByRole('alert');
        expect(alerts.some((alert) => alert.textContent.includes(messages.notAuthorised))).toBe(true);
        expect(screen.queryByRole('textbox')).toBeNull();
        expect(rendered.network.sent.filter((request) => request.path !== 'oauth/token')).toEqual([]);
        cleanup();
      }
      renderApp(<AppRoutes />, { route, preloadedState: admin(), network: chapterNetwork() });
      expect((await screen.findAllByRole('textbox')).length).toBeGreaterThan(0);
      expect(screen.queryByText(messages.notAuthorised)).toBeNull();
    },
  );
});

describe('/ebook-chapter/{ebook_id}/{chapter}', () => {
  const open = (network: FakeNetwork) =>
    renderApp(<AppRoutes />, { route: CHAPTER_PAGE, preloadedState: admin(), network });

  it('loads the chapter under its route title, with links to the ebook and its species', async () => {
    // The server answers only once the loading state has been seen.
    const network = chapterNetwork();
    let answer: (value: undefined) => void = () => undefined;
    const answered = new Promise<undefined>((resolve) => {
      answer = resolve;
    });
    open({
      ...network,
      fetch: async (input, init) => {
        await answered;
        return network.fetch(input, init);
      },
    });
    expect((await screen.findAllByRole('heading', { level: 1 })).map((h) => h.textContent)).toEqual([
      labels.ebookChapter,
    ]);
    expect(await screen.findByRole('progressbar', { name: messages.loading })).toBeTruthy();
    answer(undefined);
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: texts.title })).value).toBe(
      'Falcons',
    );
    expect(field(texts.content).value).toBe(chapter.content);
    expect(screen.getByRole('combobox', { name: texts.status }).textContent).toBe('Draft');
    // The preview is the readers' renderer, its headings under the preview's own h2.
    const preview = screen.getByRole('region', { name: `${texts.preview}: ${texts.content}` });
    expect(within(preview).getByRole('heading', { level: 3, name: 'Falcons' })).toBeTruthy();
    expect(within(preview).getByText('hunters').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: texts.backToEbook }).getAttribute('href')).toBe(
      `/ebook-details/${BOOK}`,
    );
    expect(
      screen.getByRole('link', { name: formatMessage(texts.toSpecies, { count: 2 }) }).getAttribute('href'),
    ).toBe(SPECIES_PAGE);
  });

  it('previews raw HTML and javascript: links harmlessly, as readers see them', async () => {
    open(chapterNetwork());
    const content = await screen.findByRole('textbox', { name: texts.content });
    fireEvent.change(content, {
      target: { value: 'Hi <img src=x onerror="alert(1)"> [go](javascript:alert(1))' },
    });
    const preview = screen.getByRole('region', { name: `${texts.preview}: ${texts.content}` });
    await waitFor(() => {
      expect(within(preview).getByText('go')).toBeTruthy();
    });
    expect(preview.querySelector('img')).toBeNull();
    expect(within(preview).getByText('go').getAttribute('href') ?? '').not.toContain('javascript');
  });

  it("sends the edited chapter; a refused save keeps the draft and shows the server's reason", async () => {
    const network = chapterNetwork();
    const reason = 'content: at most 200000 characters.';
    network.on('PUT', `ebooks/${BOOK}/chapter/2`, { status: 400, body: { status: 'failed', reason } });
    const { store } = open(network);
    const title = await screen.findByRole<HTMLInputElement>('textbox', { name: texts.title });
    fireEvent.change(title, { target: { value: '  Falcons and kites ' } });
    fireEvent.change(field(texts.content), { target: { value: 'New *text*' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: texts.status }));
    fireEvent.click(await screen.findByRole('option', { name: 'In review' }));
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText(formatMessage(texts.draftKept, { reason }))).toBeTruthy();
    expect(title.value).toBe('  Falcons and kites ');
    expect(field(texts.content).value).toBe('New *text*');
    expect(screen.getByRole('combobox', { name: texts.status }).textContent).toBe('In review');
    expect(sentWith(network.sent, 'PUT', `ebooks/${BOOK}/chapter/2`).map((r) => r.body)).toEqual([
      { title: 'Falcons and kites', status: 'Review', content: 'New *text*' },
    ]);

    network.on('PUT', `ebooks/${BOOK}/chapter/2`, (request) => ({
      body: {
        status: 'success',
        chapter: { ...chapter, ...(request.body as Partial<Chapter>), updated_at: 1_700_000_900 },
      },
    }));
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    await waitFor(() => {
      expect(sentWith(network.sent, 'PUT', `ebooks/${BOOK}/chapter/2`)).toHaveLength(2);
    });
    await waitFor(() => {
      expect(store.getState().ui.toast?.message).toBe(texts.saved);
    });
    expect(screen.queryByText(texts.unsaved)).toBeNull();
    expect(title.value).toBe('Falcons and kites');
  });

  it('refuses a title over the limit without asking the server', async () => {
    const network = chapterNetwork();
    open(network);
    const title = await screen.findByRole('textbox', { name: texts.title });
    fireEvent.change(title, { target: { value: 'x'.repeat(201) } });
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText(texts.fixFields)).toBeTruthy();
    expect(screen.getByText(formatMessage(texts.tooLong, { max: 200 }))).toBeTruthy();
    expect(sentWith(network.sent, 'PUT', `ebooks/${BOOK}/chapter/2`)).toEqual([]);
  });

  it('downloads this chapter alone as a PDF', async () => {
    const network = chapterNetwork();
    network.on('GET', `ebooks/${BOOK}/export`, {
      body: '%PDF-1.7',
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="Raptors - Falcons.pdf"',
      },
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    open(network);
    fireEvent.click(await screen.findByRole('button', { name: texts.pdfPreview }));
    expect(
      await screen.findByText(formatMessage(texts.pdfSaved, { file: 'Raptors - Falcons.pdf' })),
    ).toBeTruthy();
    expect(saved).toEqual(['Raptors - Falcons.pdf']);
    expect(present(sentWith(network.sent, 'GET', `ebooks/${BOOK}/export`)[0]).path).toBe(
      `ebooks/${BOOK}/export?format=pdf&chapter=2`,
    );
  });

  it('says so for a chapter the server does not know, and for an address that names none', async () => {
    const network = fakeNetwork();
    network.on('GET', `ebooks/${BOOK}/chapter/2`, {
      status: 404,
      body: { status: 'failed', reason: messages.ebookNotFound },
    });
    open(network);
    expect(await screen.findByText(texts.notFound)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.save })).toBeNull();
    cleanup();

    const other = fakeNetwork();
    renderApp(<AppRoutes />, {
      route: `/ebook-chapter/${BOOK}/two`,
      preloadedState: admin(),
      network: other,
    });
    expect(await screen.findByText(formatMessage(texts.badAddress, { max: 999 }))).toBeTruthy();
    expect(other.sent.filter((request) => request.path.startsWith('ebooks'))).toEqual([]);
  });
});

describe('/ebook-chapter-species/{ebook_id}/{chapter}', () => {
  const open = (network: FakeNetwork) =>
    renderApp(<AppRoutes />, { route: SPECIES_PAGE, preloadedState: admin(), network });
  const names = () =>
    within(screen.getByRole('list', { name: texts.speciesHeading }))
      .getAllByRole('listitem')
      .map((item) => within(item).getAllByRole('heading')[0]?.textContent);

  it('lists the species in order under the route title, each text with its preview', async () => {
    open(chapterNetwork());
    expect((await screen.findAllByRole('heading', { level: 1 })).map((h) => h.textContent)).toEqual([
      labels.ebookChapterSpecies,
    ]);
    const eagleText = await screen.findByRole<HTMLTextAreaElement>('textbox', {
      name: formatMessage(texts.speciesText, { name: 'Bald Eagle' }),
    });
    expect(eagleText.value).toBe('A **big** eagle.');
    expect(screen.getByRole('heading', { level: 2, name: texts.speciesHeading })).toBeTruthy();
    expect(names()).toEqual(['1. Bald EagleHaliaeetus leucocephalus', '2. Golden EagleAquila chrysaetos']);
    const preview = screen.getByRole('region', {
      name: `${texts.preview}: ${formatMessage(texts.speciesText, { name: 'Bald Eagle' })}`,
    });
    expect(within(preview).getByText('big').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: texts.toChapter }).getAttribute('href')).toBe(CHAPTER_PAGE);
  });

  it('adds a found species, reorders, removes and edits, then saves the whole list', async () => {
    const network = chapterNetwork();
    network.on('POST', 'species', (request) => ({
      body: {
        status: 'success',
        species: (request.body as { search: string }).search === 'kite' ? [kite] : [],
        total: 1,
      },
    }));
    const reason = 'species: avibase-caa5e106 is not a known species.';
    network.on('PUT', `ebooks/${BOOK}/chapter_species/2`, {
      status: 400,
      body: { status: 'failed', reason },
    });
    const { store } = open(network);
    await screen.findByRole('textbox', { name: formatMessage(texts.speciesText, { name: 'Golden Eagle' }) });

    // Add: the picker searches the server's species; only what it finds can be chosen.
    fireEvent.click(screen.getByRole('button', { name: texts.addSpecies }));
    const picker = await screen.findByRole('dialog', { name: texts.pickSpecies });
    fireEvent.change(within(picker).getByRole('searchbox'), { target: { value: 'kite' } });
    fireEvent.click(await within(picker).findByText('White-tailed Kite'));
    fireEvent.click(within(picker).getByRole('button', { name: messages.pickerOk }));
    // The picker closes at once; the species is added when its promise settles, a render later
    // (which a loaded machine can put after the dialog's removal): wait for the announcement.
    expect(await screen.findByText(formatMessage(texts.added, { name: 'White-tailed Kite' }))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sentWith(network.sent, 'POST', 'species').map((r) => r.body)).toContainEqual({
      search: 'kite',
      limit: 30,
    });

    // Reorder with the keyboard-reachable buttons; the moved species keeps the focus.
    const up = screen.getByRole('button', {
      name: formatMessage(texts.moveUp, { name: 'White-tailed Kite' }),
    });
    fireEvent.click(up);
    await waitFor(() => {
      expect(document.activeElement).toBe(up);
    });
    expect(
      screen.getByRole('button', { name: formatMessage(texts.moveUp, { name: 'Bald Eagle' }) }),
    ).toHaveProperty('disabled', true);
    fireEvent.click(
      screen.getByRole('button', { name: formatMessage(texts.moveDown, { name: 'Bald Eagle' }) }),
    );
    fireEvent.click(
      screen.getByRole('button', { name: formatMessage(texts.remove, { name: 'Golden Eagle' }) }),
    );
    expect(screen.getByText(formatMessage(texts.removed, { name: 'Golden Eagle' }))).toBeTruthy();
    fireEvent.change(
      screen.getByRole('textbox', { name: formatMessage(texts.speciesText, { name: 'White-tailed Kite' }) }),
      {
        target: { value: 'Small *kite*.' },
      },
    );
    expect(names()).toEqual(['1. White-tailed KiteElanus leucurus', '2. Bald EagleHaliaeetus leucocephalus']);

    // A refused save keeps the list as edited and says why.
    fireEvent.click(screen.getByRole('button', { name: texts.saveList }));
    expect(await screen.findByText(formatMessage(texts.draftKept, { reason }))).toBeTruthy();
    expect(names()).toEqual(['1. White-tailed KiteElanus leucurus', '2. Bald EagleHaliaeetus leucocephalus']);
    expect(screen.getByText(texts.unsaved)).toBeTruthy();
    const expected = {
      chapter: 2,
      species: ['avibase-caa5e106', 'avibase-fed3756c'],
      content_species: { 'avibase-caa5e106': 'Small *kite*.', 'avibase-fed3756c': 'A **big** eagle.' },
    };
    expect(sentWith(network.sent, 'PUT', `ebooks/${BOOK}/chapter_species/2`).map((r) => r.body)).toEqual([
      expected,
    ]);

    network.on('PUT', `ebooks/${BOOK}/chapter_species/2`, {
      body: {
        status: 'success',
        chapter: 2,
        species: [
          {
            species_id: kite._id,
            position: 1,
            name: kite.name,
            scientific_name: kite.scientific_name,
            content_species: 'Small *kite*.',
          },
          { ...eagle, position: 2 },
        ],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: texts.saveList }));
    await waitFor(() => {
      expect(store.getState().ui.toast?.message).toBe(formatMessage(texts.listSaved, { chapter: 2 }));
    });
    expect(screen.queryByText(texts.unsaved)).toBeNull();
    expect(sentWith(network.sent, 'PUT', `ebooks/${BOOK}/chapter_species/2`).map((r) => r.body)).toEqual([
      expected,
      expected,
    ]);
  });

  it('does not list a species twice', async () => {
    const network = chapterNetwork();
    network.on('POST', 'species', {
      body: {
        status: 'success',
        species: [{ _id: eagle.species_id, name: eagle.name, scientific_name: eagle.scientific_name }],
        total: 1,
      },
    });
    open(network);
    await screen.findByRole('textbox', { name: formatMessage(texts.speciesText, { name: 'Golden Eagle' }) });
    fireEvent.click(screen.getByRole('button', { name: texts.addSpecies }));
    const picker = await screen.findByRole('dialog', { name: texts.pickSpecies });
    fireEvent.change(within(picker).getByRole('searchbox'), { target: { value: 'eagle' } });
    fireEvent.click(await within(picker).findByText('Bald Eagle'));
    fireEvent.click(within(picker).getByRole('button', { name: messages.pickerOk }));
    expect(await screen.findByText(formatMessage(texts.alreadyListed, { name: 'Bald Eagle' }))).toBeTruthy();
    expect(names()).toHaveLength(2);
  });
});
