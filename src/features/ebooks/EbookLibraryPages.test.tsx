// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EbookMedia, PageTemplate } from '@contract/ebooks';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { AppRoutes } from '../../app/router';
import { signedInState } from '../../test/factories';
import { fakeNetwork, type FakeNetwork, type SentRequest } from '../../test/fakeNetwork';
import { present } from '../../test/present';
import { renderApp } from '../../test/renderApp';
import { ebookLibraryTexts as texts } from './ebookLibraryTexts';
import { EBOOK_MEDIA_PAGE_SIZE } from './ebooksApi';

const signedIn = (roles: string[]) => signedInState({ roles });
const admin = () => signedIn(['member', 'admin']);
const TEMPLATE = '2d9e3f60-4c5f-4e7d-a081-9cadbe2f3041';
const PICTURE = '3e0f4071-5d60-4f8e-b192-adbecf304152';
const NEW_PICTURE = '4f105182-6e71-4a9f-83a3-becfd0415263';
const sentWith = (sent: SentRequest[], method: string, path: string) =>
  sent.filter((request) => request.method === method && request.path.split('?')[0] === path);
const queryOf = (request: SentRequest) =>
  Object.fromEntries(new URL(request.path, 'http://x/').searchParams.entries());

const picture = (id: string, name: string | null, extra: Partial<EbookMedia> = {}): EbookMedia => ({
  media_id: id,
  type: 'photo',
  category: 'raptors',
  photo_name: name,
  path: `https://media.test/${id}/original.jpg`,
  thumbnail: `https://media.test/${id}/thumbnail.webp`,
  width: 2048,
  height: 1365,
  created_at: 1_700_000_000,
  ...extra,
});
const eagle = picture(PICTURE, 'Martial eagle');

const template: PageTemplate = {
  id: TEMPLATE,
  name: 'Species page',
  template: '<page>{{species.name}}</page>',
  thumbnail: PICTURE,
  thumbnail_url: eagle.thumbnail,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_100,
};

function libraryNetwork(media: EbookMedia[] = [eagle], total = media.length): FakeNetwork {
  const network = fakeNetwork();
  network.on('GET', 'ebooks', { body: { status: 'success', ebooks: [] } });
  network.on('GET', 'ebooks/admin/media', { body: { status: 'success', media, total } });
  network.on('GET', `ebooks/admin/media/${PICTURE}`, { body: { status: 'success', media: eagle } });
  network.on('GET', 'ebooks/admin/page_templates', {
    body: { status: 'success', page_templates: [{ ...template, template: undefined }] },
  });
  network.on('GET', `ebooks/admin/page_templates/${TEMPLATE}`, {
    body: { status: 'success', page_template: template },
  });
  return network;
}

function chooseFile(file: File) {
  const input = present(document.querySelector<HTMLInputElement>('input[type="file"]'));
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}
const typeInto = (label: string, value: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
};
const inputValue = (label: string) => screen.getByRole<HTMLInputElement>('textbox', { name: label }).value;

beforeAll(async () => {
  await import('./libraryPages'); // lazy pages: compile them once, outside the tests' waits
  await import('./pages');
});

describe('who may open the ebook library pages (route guard, SPEC §6)', () => {
  it.each(['/ebook-media', `/ebook-page-template/${TEMPLATE}`, '/ebook-page-template/new'])(
    '%s refuses a member, an admin-ads member and a guest, asking the server nothing; an admin gets it',
    async (route) => {
      for (const preloadedState of [signedIn(['member']), signedIn(['member', 'admin-ads']), {}]) {
        const rendered = renderApp(<AppRoutes />, { route, preloadedState, network: libraryNetwork() });
        const alerts = await screen.findAllByRole('alert');
        expect(alerts.some((alert) => alert.textContent.includes(messages.notAuthorised))).toBe(true);
        expect(rendered.network.sent.filter((request) => request.path !== 'oauth/token')).toEqual([]);
        cleanup();
      }
      // An admin gets the page itself, not a refusal.
      renderApp(<AppRoutes />, { route, preloadedState: admin(), network: libraryNetwork() });
      const field = route === '/ebook-media' ? texts.fieldPhotoName : texts.fieldTemplateName;
      expect(await screen.findByRole('textbox', { name: field })).toBeTruthy();
      expect(screen.queryByText(messages.notAuthorised)).toBeNull();
    },
  );
});

describe('/ebook-media', () => {
  const open = (network: FakeNetwork, route = '/ebook-media') =>
    renderApp(<AppRoutes />, { route, preloadedState: admin(), network });

  it('shows the pictures with their name, type and category, and one picture in detail', async () => {
    const network = libraryNetwork([eagle, picture(NEW_PICTURE, null, { type: 'map', category: '' })]);
    open(network);
    expect((await screen.findAllByRole('heading', { level: 1 })).map((h) => h.textContent)).toEqual([
      labels.ebookMedia,
    ]);
    const grid = await screen.findByRole('list', { name: texts.libraryHeading });
    const items = within(grid).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(present(items[0])).getByRole('img', { name: 'Martial eagle' }).getAttribute('src')).toBe(
      eagle.thumbnail,
    );
    expect(items[0]?.textContent).toContain('Photo · raptors');
    expect(within(present(items[1])).getByRole('img', { name: texts.untitled })).toBeTruthy();
    expect(items[1]?.textContent).toContain(`Map · ${texts.uncategorised}`);
    const query = queryOf(present(sentWith(network.sent, 'GET', 'ebooks/admin/media')[0]));
    expect(query).toEqual({ skip: '0', limit: String(EBOOK_MEDIA_PAGE_SIZE) });

    fireEvent.click(
      within(grid).getByRole('button', { name: formatMessage(texts.openPicture, { name: 'Martial eagle' }) }),
    );
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: formatMessage(texts.detailHeading, { name: 'Martial eagle' }),
    });
    const detail = present(heading.closest('section'));
    expect(within(detail).getByRole('img', { name: 'Martial eagle' }).getAttribute('src')).toBe(eagle.path);
    expect(detail.textContent).toContain('2048 × 1365 px');
    expect(detail.textContent).toContain(PICTURE);
  });

  it('sends the filters (typed ones once typing pauses) and pages with the total', async () => {
    const page = Array.from({ length: EBOOK_MEDIA_PAGE_SIZE }, (_, n) =>
      picture(`5a${String(n).padStart(6, '0')}-0000-4000-8000-000000000000`, `Picture ${n + 1}`),
    );
    const network = libraryNetwork(page, 30);
    open(network);
    await screen.findByRole('list', { name: texts.libraryHeading });
    expect(screen.getByText(formatMessage(texts.pageOf, { from: 1, to: 24, total: 30 }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: texts.nextPage }));
    await waitFor(() => {
      expect(queryOf(present(sentWith(network.sent, 'GET', 'ebooks/admin/media').at(-1)))).toEqual({
        skip: '24',
        limit: '24',
      });
    });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: texts.filterType }));
    fireEvent.click(await screen.findByRole('option', { name: 'Illustration' }));
    typeInto(texts.filterCategory, ' owls ');
    fireEvent.change(screen.getByRole('searchbox', { name: texts.filterSearch }), {
      target: { value: 'barn' },
    });
    await waitFor(() => {
      expect(queryOf(present(sentWith(network.sent, 'GET', 'ebooks/admin/media').at(-1)))).toEqual({
        filters_type: 'illustration',
        filters_category: 'owls',
        filter_search: 'barn',
        skip: '0',
        limit: '24',
      });
    });
    // Typing is debounced: not one request per keystroke.
    expect(
      sentWith(network.sent, 'GET', 'ebooks/admin/media').filter((r) => queryOf(r).filter_search === 'b'),
    ).toEqual([]);
  });

  it('uploads a picture as a data URL with its fields and opens it; a refusal keeps everything', async () => {
    const network = libraryNetwork();
    network.on('POST', 'ebooks/media', {
      status: 400,
      body: { status: 'failed', reason: messages.photoNotImage },
    });
    open(network);
    await screen.findByRole('list', { name: texts.libraryHeading });
    fireEvent.click(screen.getByRole('button', { name: texts.upload }));
    expect(await screen.findByText(texts.fileNeeded)).toBeTruthy();

    chooseFile(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'owl.jpg', { type: 'image/jpeg' }));
    expect(inputValue(texts.fieldPhotoName)).toBe('owl.jpg');
    typeInto(texts.fieldPhotoName, 'Barn owl');
    typeInto(texts.fieldCategory, ' owls ');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: texts.fieldMediaType }));
    fireEvent.click(await screen.findByRole('option', { name: 'Illustration' }));
    fireEvent.click(screen.getByRole('button', { name: texts.upload }));
    expect(
      await screen.findByText(formatMessage(texts.uploadFailed, { reason: messages.photoNotImage })),
    ).toBeTruthy();
    const body = {
      photo: 'data:image/jpeg;base64,/9j/4A==',
      photo_name: 'Barn owl',
      type: 'illustration',
      category: 'owls',
    };
    expect(sentWith(network.sent, 'POST', 'ebooks/media').map((r) => r.body)).toEqual([body]);
    expect(inputValue(texts.fieldPhotoName)).toBe('Barn owl');
    expect(inputValue(texts.fieldCategory)).toBe(' owls ');
    expect(screen.getByText(formatMessage(texts.chosenFile, { file: 'owl.jpg' }))).toBeTruthy();

    const owl = picture(NEW_PICTURE, 'Barn owl', { type: 'illustration', category: 'owls' });
    network.on('POST', 'ebooks/media', { body: { status: 'success', media: owl } });
    network.on('GET', `ebooks/admin/media/${NEW_PICTURE}`, { body: { status: 'success', media: owl } });
    network.on('GET', 'ebooks/admin/media', { body: { status: 'success', media: [owl, eagle], total: 2 } });
    fireEvent.click(screen.getByRole('button', { name: texts.upload }));
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: formatMessage(texts.detailHeading, { name: 'Barn owl' }),
    });
    expect(within(present(heading.closest('section'))).getByRole('img', { name: 'Barn owl' })).toBeTruthy();
    expect(sentWith(network.sent, 'POST', 'ebooks/media').map((r) => r.body)).toEqual([body, body]);
    const grid = await screen.findByRole('list', { name: texts.libraryHeading });
    expect(await within(grid).findByRole('img', { name: 'Barn owl' })).toBeTruthy();
    expect(inputValue(texts.fieldPhotoName)).toBe('');
  });

  it('refuses a file over the limit without sending it, and shows a 413 from the server', async () => {
    const network = libraryNetwork();
    network.on('POST', 'ebooks/media', {
      status: 413,
      body: { status: 'failed', reason: formatMessage(messages.photoTooLarge, { mb: 15 }) },
    });
    open(network);
    await screen.findByRole('list', { name: texts.libraryHeading });
    const huge = new File([new Uint8Array(4)], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 16 * 1024 * 1024 });
    chooseFile(huge);
    fireEvent.click(screen.getByRole('button', { name: texts.upload }));
    const tooLarge = formatMessage(texts.uploadFailed, {
      reason: formatMessage(messages.photoTooLarge, { mb: 15 }),
    });
    expect(await screen.findByText(tooLarge)).toBeTruthy();
    expect(sentWith(network.sent, 'POST', 'ebooks/media')).toEqual([]);

    chooseFile(new File([new Uint8Array([0xff, 0xd8])], 'big.jpg', { type: 'image/jpeg' }));
    fireEvent.click(screen.getByRole('button', { name: texts.upload }));
    await waitFor(() => {
      expect(sentWith(network.sent, 'POST', 'ebooks/media')).toHaveLength(1);
    });
    expect(await screen.findByText(tooLarge)).toBeTruthy();
    expect(inputValue(texts.fieldPhotoName)).toBe('big.jpg');
  });
});

describe('page templates', () => {
  const open = (network: FakeNetwork, route: string) =>
    renderApp(<AppRoutes />, { route, preloadedState: admin(), network });

  it('/ebook-listing lists the templates and links the media library and a new template', async () => {
    open(libraryNetwork(), '/ebook-listing');
    const table = await screen.findByRole('table', { name: texts.templatesHeading });
    const row = within(table).getByRole('row', { name: /Species page/ });
    expect(within(row).getByRole('link', { name: 'Species page' }).getAttribute('href')).toBe(
      `/ebook-page-template/${TEMPLATE}`,
    );
    expect(
      within(row).getByRole('img', { name: formatMessage(texts.thumbnailOf, { name: 'Species page' }) }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: texts.newTemplate }).getAttribute('href')).toBe(
      '/ebook-page-template/new',
    );
    expect(screen.getByRole('link', { name: texts.mediaLibrary }).getAttribute('href')).toBe('/ebook-media');
  });

  it('creates a template, keeping the draft after a refusal, then opens it', async () => {
    const network = libraryNetwork();
    network.on('POST', 'ebooks/admin/page_templates', {
      status: 400,
      body: { status: 'failed', reason: messages.ebookThumbnailUnknown },
    });
    open(network, '/ebook-page-template/new');
    expect(
      (await screen.findAllByRole('heading', { level: 1 })).map((heading) => heading.textContent),
    ).toEqual([labels.ebookPageTemplate]);
    fireEvent.click(await screen.findByRole('button', { name: texts.create }));
    expect(await screen.findByText(texts.fixFields)).toBeTruthy();
    expect(sentWith(network.sent, 'POST', 'ebooks/admin/page_templates')).toEqual([]);

    typeInto(texts.fieldTemplateName, ' Cover ');
    typeInto(texts.fieldTemplate, '<page cover="1"/>');
    fireEvent.click(screen.getByRole('button', { name: texts.chooseThumbnail }));
    const dialog = await screen.findByRole('dialog', { name: texts.pickerTitle });
    fireEvent.click(
      await within(dialog).findByRole('button', {
        name: formatMessage(texts.pickerUse, { name: 'Martial eagle' }),
      }),
    );
    expect(screen.getByRole('img', { name: texts.thumbnailAlt }).getAttribute('src')).toBe(eagle.thumbnail);
    fireEvent.click(screen.getByRole('button', { name: texts.create }));
    expect(
      await screen.findByText(formatMessage(texts.draftKept, { reason: messages.ebookThumbnailUnknown })),
    ).toBeTruthy();
    const body = { name: 'Cover', template: '<page cover="1"/>', thumbnail: PICTURE };
    expect(sentWith(network.sent, 'POST', 'ebooks/admin/page_templates').map((r) => r.body)).toEqual([body]);
    expect(inputValue(texts.fieldTemplateName)).toBe(' Cover ');
    expect(inputValue(texts.fieldTemplate)).toBe('<page cover="1"/>');

    const NEW = '6a2162a3-7f82-4b0a-94b4-cfd0e1526374';
    const made = { ...template, id: NEW, name: 'Cover', template: '<page cover="1"/>' };
    network.on('POST', 'ebooks/admin/page_templates', { body: { status: 'success', page_template: made } });
    network.on('GET', `ebooks/admin/page_templates/${NEW}`, {
      body: { status: 'success', page_template: made },
    });
    fireEvent.click(screen.getByRole('button', { name: texts.create }));
    expect(await screen.findByRole('button', { name: texts.save })).toBeTruthy();
    await waitFor(() => {
      expect(sentWith(network.sent, 'GET', `ebooks/admin/page_templates/${NEW}`)).toHaveLength(1);
    });
    expect(inputValue(texts.fieldTemplateName)).toBe('Cover');
  });

  it('edits a template and saves it whole; a refused save keeps the draft', async () => {
    const network = libraryNetwork();
    network.on('PUT', `ebooks/admin/page_templates/${TEMPLATE}`, {
      status: 400,
      body: { status: 'failed', reason: messages.ebookThumbnailUnknown },
    });
    open(network, `/ebook-page-template/${TEMPLATE}`);
    const source = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: texts.fieldTemplate });
    expect(source.value).toBe(template.template);
    expect(inputValue(texts.fieldTemplateName)).toBe('Species page');
    expect(screen.getByRole('img', { name: texts.thumbnailAlt }).getAttribute('src')).toBe(eagle.thumbnail);
    fireEvent.change(source, { target: { value: '<page columns="2"/>' } });
    fireEvent.click(screen.getByRole('button', { name: texts.removeThumbnail }));
    expect(screen.queryByRole('img', { name: texts.thumbnailAlt })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(
      await screen.findByText(formatMessage(texts.draftKept, { reason: messages.ebookThumbnailUnknown })),
    ).toBeTruthy();
    expect(source.value).toBe('<page columns="2"/>');

    network.on('PUT', `ebooks/admin/page_templates/${TEMPLATE}`, (request) => ({
      body: {
        status: 'success',
        page_template: { ...template, ...(request.body as object), thumbnail_url: null },
      },
    }));
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    await waitFor(() => {
      expect(sentWith(network.sent, 'PUT', `ebooks/admin/page_templates/${TEMPLATE}`)).toHaveLength(2);
    });
    expect(
      sentWith(network.sent, 'PUT', `ebooks/admin/page_templates/${TEMPLATE}`).map((r) => r.body),
    ).toEqual([
      { name: 'Species page', template: '<page columns="2"/>', thumbnail: null },
      { name: 'Species page', template: '<page columns="2"/>', thumbnail: null },
    ]);
    await waitFor(() => {
      expect(
        screen.queryByText(formatMessage(texts.draftKept, { reason: messages.ebookThumbnailUnknown })),
      ).toBeNull();
    });
  });

  it('says so when there is no such template', async () => {
    const network = fakeNetwork();
    network.on('GET', `ebooks/admin/page_templates/${TEMPLATE}`, {
      status: 404,
      body: { status: 'failed', reason: messages.ebookTemplateNotFound },
    });
    open(network, `/ebook-page-template/${TEMPLATE}`);
    expect(await screen.findByText(messages.ebookTemplateNotFound)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.save })).toBeNull();
  });
});
