/**
 * Ebooks, chapters, chapter species and page templates (docs/api.md "Ebooks"): every call's
 * success, its refusals in the envelope (400 naming the field, 404, 409), and 401/403 for guests,
 * client tokens and members who are not admins; the PDF export read back with pdf.js. The media
 * library: ebooks-media.test.ts.
 * Runs on PGlite, and on PostgreSQL with FIELDMARK_TEST_DB=postgres.
 */
import { randomUUID } from 'node:crypto';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChapterResponseSchema,
  ChapterSpeciesResponseSchema,
  EbookListResponseSchema,
  EbookResponseSchema,
  PageTemplateListResponseSchema,
  PageTemplateResponseSchema,
  type ChapterResponse,
  type ChapterSpeciesResponse,
  type EbookListResponse,
  type EbookResponse,
  type EbookWrite,
  type PageTemplateListResponse,
  type PageTemplateResponse,
} from '@contract/ebooks';
import type { Failed } from '@contract/envelope';
import { formatMessage, messages } from '@contract/messages';
import {
  buildTestApp,
  callApi,
  createSignedInMember,
  fetchClientToken,
  type CallMethod,
  type TestApp,
} from './helpers';

let t: TestApp;
let admin: string;
let superadmin: string;
let member: string;
let adsAdmin: string;
let client: string;
const species: string[] = [];

async function tokenFor(roles: string[]) {
  return (await createSignedInMember(t, { roles })).token;
}

async function insertSpecies(name: string, deleted = false): Promise<string> {
  const id = `mdd-eb${Math.floor(Math.random() * 1e9)}`;
  await t.db
    .insertInto('species')
    .values({
      id,
      group_id: 'birds',
      classifications: ['birds-ioc'],
      scientific_name: `Ebookus ${name.toLowerCase()}`,
      authority: null,
      taxon_order: null,
      family: null,
      name,
      names: JSON.stringify({ en: name }),
      taxa: JSON.stringify({}),
      taxa_alt: JSON.stringify([]),
      extinct: false,
      body_mass_g: null,
      body_mass_basis: null,
      source: 'mdd',
      source_id: id,
      sort: 0,
      search_text: '',
      search_name: '',
      mod: 1,
      rev: '1_test',
      deleted,
    })
    .execute();
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await tokenFor(['member', 'admin']);
  superadmin = await tokenFor(['member', 'superadmin']);
  member = await tokenFor(['member']);
  adsAdmin = await tokenFor(['member', 'admin-ads']);
  client = await fetchClientToken(t);
  for (const name of ['Kea', 'Kaka', 'Kakapo']) species.push(await insertSpecies(name));
});
afterAll(() => t.close());

function call(method: CallMethod, path: string, token: string | null, payload?: unknown) {
  return callApi(t, method, path, token, payload);
}

async function ok<T>(method: CallMethod, path: string, token: string | null, payload?: unknown): Promise<T> {
  const response = await call(method, path, token, payload);
  expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(200);
  return response.json<T>();
}

async function refused(
  method: CallMethod,
  path: string,
  token: string | null,
  payload: unknown,
  status: number,
): Promise<string> {
  const response = await call(method, path, token, payload);
  expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(status);
  const body = response.json<Failed>();
  expect(body.status).toBe('failed');
  return body.reason;
}

let counter = 0;
function book(overrides: Partial<EbookWrite> = {}): EbookWrite {
  counter += 1;
  return {
    name: `Parrots of Aotearoa ${counter}`,
    type: 'field_guide',
    photo_category: 'parrots',
    page_size: 'A5',
    page_orientation: 'portrait',
    ...overrides,
  };
}

async function newBook(overrides: Partial<EbookWrite> = {}) {
  return (await ok<EbookResponse>('POST', 'ebooks', admin, book(overrides))).ebook;
}

describe('ebooks', () => {
  it('an admin creates, reads, lists and replaces an ebook', async () => {
    const created = await ok<EbookResponse>('POST', 'ebooks', admin, book({ name: '  Forest birds  ' }));
    expect(Value.Check(EbookResponseSchema, created)).toBe(true);
    expect(created.ebook).toMatchObject({
      name: 'Forest birds',
      type: 'field_guide',
      photo_category: 'parrots',
      page_size: 'A5',
      page_orientation: 'portrait',
      toc: [],
      chapters: [],
      chapter_count: 0,
    });
    const id = created.ebook.id;
    expect((await ok<EbookResponse>('GET', `ebooks/${id}`, admin)).ebook).toEqual(created.ebook);

    t.clock.advance(60);
    const replaced = await ok<EbookResponse>(
      'PUT',
      `ebooks/${id.toUpperCase()}`,
      superadmin,
      book({ name: 'Forest birds', type: 'photo_guide', page_size: 'Letter', page_orientation: 'landscape' }),
    );
    expect(replaced.ebook).toMatchObject({
      id,
      type: 'photo_guide',
      page_size: 'Letter',
      page_orientation: 'landscape',
    });
    // The test clock runs on in real time beside its offset: on a loaded machine a second can pass
    // between the two calls, so the replace is at least 60 s on and no later than the clock's now.
    expect(replaced.ebook.updated_at).toBeGreaterThanOrEqual(created.ebook.updated_at + 60);
    expect(replaced.ebook.updated_at).toBeLessThanOrEqual(Math.floor(t.clock.now() / 1000));

    const list = await ok<EbookListResponse>('GET', 'ebooks', admin);
    expect(Value.Check(EbookListResponseSchema, list)).toBe(true);
    expect(list.ebooks.find((entry) => entry.id === id)).toMatchObject({
      name: 'Forest birds',
      chapter_count: 0,
    });
    const names = list.ebooks.map((entry) => entry.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('refuses a taken name (ignoring case), bad fields naming them, and unknown ebooks', async () => {
    const first = await newBook({ name: 'Seabirds' });
    expect(await refused('POST', 'ebooks', admin, book({ name: 'SEABIRDS' }), 409)).toBe(
      formatMessage(messages.ebookNameTaken, { name: 'SEABIRDS' }),
    );
    const other = await newBook();
    expect(await refused('PUT', `ebooks/${other.id}`, admin, book({ name: 'seabirds' }), 409)).toContain(
      'name',
    );
    // Its own name is not "taken".
    await ok('PUT', `ebooks/${first.id}`, admin, book({ name: 'Seabirds' }));

    expect(await refused('POST', 'ebooks', admin, book({ name: '   ' }), 400)).toContain('name');
    expect(await refused('POST', 'ebooks', admin, { ...book(), page_size: 'B5' }, 400)).toContain(
      'page_size',
    );
    expect(await refused('POST', 'ebooks', admin, { ...book(), type: 'novel' }, 400)).toContain('type');
    expect(await refused('POST', 'ebooks', admin, { ...book(), page_orientation: 'round' }, 400)).toContain(
      'page_orientation',
    );
    const { name: _name, ...nameless } = book();
    expect(await refused('POST', 'ebooks', admin, nameless, 400)).toContain('name');
    expect(await refused('POST', 'ebooks', admin, book({ name: 'Nul\u0000book' }), 400)).toContain('name');

    const unknown = randomUUID();
    expect(await refused('GET', `ebooks/${unknown}`, admin, undefined, 404)).toBe(messages.ebookNotFound);
    expect(await refused('PUT', `ebooks/${unknown}`, admin, book(), 404)).toBe(messages.ebookNotFound);
    expect(await refused('GET', 'ebooks/not-a-uuid', admin, undefined, 400)).toContain('id');
  });

  it('guests and client tokens 401, members and other roles 403', async () => {
    const id = (await newBook()).id;
    const calls: Array<[CallMethod, string, unknown]> = [
      ['GET', 'ebooks', undefined],
      ['POST', 'ebooks', book()],
      ['GET', `ebooks/${id}`, undefined],
      ['PUT', `ebooks/${id}`, book()],
      ['PUT', `ebooks/${id}/toc`, { toc: [] }],
      ['POST', `ebooks/${id}/clone`, { ebook_name: `Copy ${randomUUID()}` }],
      ['POST', `ebooks/${id}/chapter`, {}],
      ['PUT', `ebooks/${id}/chapter_status`, { chapter: 1, status: 'Review' }],
      ['GET', `ebooks/${id}/chapter/1`, undefined],
      ['PUT', `ebooks/${id}/chapter/1`, { title: 'T' }],
      ['GET', `ebooks/${id}/chapter/1/species`, undefined],
      ['PUT', `ebooks/${id}/chapter_species/1`, { species: [] }],
      ['GET', 'ebooks/admin/page_templates', undefined],
      ['POST', 'ebooks/admin/page_templates', { name: 'T', template: '', thumbnail: null }],
      ['GET', `ebooks/admin/page_templates/${randomUUID()}`, undefined],
      ['PUT', `ebooks/admin/page_templates/${randomUUID()}`, { name: 'T', template: '', thumbnail: null }],
    ];
    for (const [method, path, payload] of calls) {
      expect(await refused(method, path, null, payload, 401)).toBe(messages.signInRequired);
      expect(await refused(method, path, client, payload, 401)).toBe(messages.signInRequired);
      expect(await refused(method, path, member, payload, 403)).toBe(messages.notAuthorised);
      expect(await refused(method, path, adsAdmin, payload, 403)).toBe(messages.notAuthorised);
    }
    // Nothing was written by the refused calls.
    expect((await ok<EbookResponse>('GET', `ebooks/${id}`, admin)).ebook.chapters).toEqual([]);
  });
});

describe('chapters', () => {
  it('are numbered, Draft by default, and their title, content and status change', async () => {
    const id = (await newBook()).id;
    const first = await ok<ChapterResponse>('POST', `ebooks/${id}/chapter`, admin, { title: 'Introduction' });
    expect(Value.Check(ChapterResponseSchema, first)).toBe(true);
    expect(first.chapter).toMatchObject({
      ebook_id: id,
      chapter: 1,
      title: 'Introduction',
      status: 'Draft',
      content: '',
    });
    const fifth = await ok<ChapterResponse>('POST', `ebooks/${id}/chapter`, admin, {
      chapter: 5,
      status: 'Review',
    });
    expect(fifth.chapter).toMatchObject({ chapter: 5, status: 'Review', title: '' });
    // Without a number: one more than the highest.
    expect((await ok<ChapterResponse>('POST', `ebooks/${id}/chapter`, admin, {})).chapter.chapter).toBe(6);

    const content = '# Kea\n\nThe alpine parrot. <b>bold</b>';
    const edited = await ok<ChapterResponse>('PUT', `ebooks/${id}/chapter/1`, admin, { content });
    expect(edited.chapter).toMatchObject({ title: 'Introduction', content, status: 'Draft' });
    expect((await ok<ChapterResponse>('GET', `ebooks/${id}/chapter/1`, admin)).chapter.content).toBe(content);

    const status = await ok<ChapterResponse>('PUT', `ebooks/${id}/chapter_status`, admin, {
      chapter: 1,
      status: 'Published',
    });
    expect(status.chapter).toMatchObject({ chapter: 1, status: 'Published', content });
    // Back to Draft to be corrected.
    await ok('PUT', `ebooks/${id}/chapter_status`, admin, { chapter: 1, status: 'Draft' });

    const ebook = (await ok<EbookResponse>('GET', `ebooks/${id}`, admin)).ebook;
    expect(ebook.chapters.map((chapter) => [chapter.chapter, chapter.status])).toEqual([
      [1, 'Draft'],
      [5, 'Review'],
      [6, 'Draft'],
    ]);
    expect(ebook.chapter_count).toBe(3);
  });

  it('refuses taken numbers, unknown statuses and chapters, and empty edits', async () => {
    const id = (await newBook()).id;
    await ok('POST', `ebooks/${id}/chapter`, admin, { chapter: 2 });
    expect(await refused('POST', `ebooks/${id}/chapter`, admin, { chapter: 2 }, 409)).toBe(
      formatMessage(messages.ebookChapterExists, { chapter: 2 }),
    );
    expect(await refused('POST', `ebooks/${id}/chapter`, admin, { chapter: 0 }, 400)).toContain('chapter');
    expect(await refused('POST', `ebooks/${id}/chapter`, admin, { chapter: 1000 }, 400)).toContain('chapter');
    await ok('POST', `ebooks/${id}/chapter`, admin, { chapter: 999 });
    expect(await refused('POST', `ebooks/${id}/chapter`, admin, {}, 400)).toBe(
      formatMessage(messages.ebookChaptersFull, { max: 999 }),
    );
    expect(await refused('POST', `ebooks/${id}/chapter`, admin, { status: 'Done' }, 400)).toContain('status');
    expect(
      await refused('PUT', `ebooks/${id}/chapter_status`, admin, { chapter: 2, status: 'Final' }, 400),
    ).toContain('status');
    expect(await refused('PUT', `ebooks/${id}/chapter/2`, admin, {}, 400)).toBeTruthy();
    expect(await refused('PUT', `ebooks/${id}/chapter/2`, admin, { content: 'a\u0000b' }, 400)).toContain(
      'content',
    );

    const missing = formatMessage(messages.ebookChapterNotFound, { chapter: 3 });
    expect(await refused('GET', `ebooks/${id}/chapter/3`, admin, undefined, 404)).toBe(missing);
    expect(await refused('PUT', `ebooks/${id}/chapter/3`, admin, { title: 'x' }, 404)).toBe(missing);
    expect(
      await refused('PUT', `ebooks/${id}/chapter_status`, admin, { chapter: 3, status: 'Review' }, 404),
    ).toBe(missing);
    const unknown = randomUUID();
    expect(await refused('POST', `ebooks/${unknown}/chapter`, admin, {}, 404)).toBe(messages.ebookNotFound);
    expect(await refused('GET', `ebooks/${unknown}/chapter/1`, admin, undefined, 404)).toBe(
      messages.ebookNotFound,
    );
  });
});

describe('species of a chapter', () => {
  it('are real species in order, each with its text, kept when the list changes', async () => {
    const id = (await newBook()).id;
    await ok('POST', `ebooks/${id}/chapter`, admin, { title: 'Parrots' });
    const [kea = '', kaka = '', kakapo = ''] = species;
    const set = await ok<ChapterSpeciesResponse>('PUT', `ebooks/${id}/chapter_species/1`, admin, {
      chapter: 1,
      species: [kakapo, kea],
      content_species: { [kea]: 'Cheeky.', [kakapo]: 'Flightless.' },
    });
    expect(Value.Check(ChapterSpeciesResponseSchema, set)).toBe(true);
    expect(set.species).toEqual([
      {
        species_id: kakapo,
        position: 1,
        name: 'Kakapo',
        scientific_name: 'Ebookus kakapo',
        content_species: 'Flightless.',
      },
      {
        species_id: kea,
        position: 2,
        name: 'Kea',
        scientific_name: 'Ebookus kea',
        content_species: 'Cheeky.',
      },
    ]);

    // Kea keeps its text, Kaka is new and empty, Kakapo leaves.
    const changed = await ok<ChapterSpeciesResponse>('PUT', `ebooks/${id}/chapter_species/1`, admin, {
      species: [kea, kaka],
    });
    expect(changed.species.map((entry) => [entry.species_id, entry.position, entry.content_species])).toEqual(
      [
        [kea, 1, 'Cheeky.'],
        [kaka, 2, ''],
      ],
    );
    const read = await ok<ChapterSpeciesResponse>('GET', `ebooks/${id}/chapter/1/species`, admin);
    expect(read).toEqual({ status: 'success', chapter: 1, species: changed.species });
    expect((await ok<ChapterResponse>('GET', `ebooks/${id}/chapter/1`, admin)).chapter.species_count).toBe(2);

    expect(
      (await ok<ChapterSpeciesResponse>('PUT', `ebooks/${id}/chapter_species/1`, admin, { species: [] }))
        .species,
    ).toEqual([]);
  });

  it('refuses unknown or removed species, texts for unlisted species and a chapter other than the path', async () => {
    const id = (await newBook()).id;
    await ok('POST', `ebooks/${id}/chapter`, admin, {});
    const [kea = ''] = species;
    await ok('PUT', `ebooks/${id}/chapter_species/1`, admin, {
      species: [kea],
      content_species: { [kea]: 'Kept' },
    });
    expect(
      await refused('PUT', `ebooks/${id}/chapter_species/1`, admin, { species: [kea, 'mdd-nope'] }, 400),
    ).toBe(formatMessage(messages.ebookSpeciesUnknown, { id: 'mdd-nope' }));
    const gone = await insertSpecies('Huia', true);
    expect(await refused('PUT', `ebooks/${id}/chapter_species/1`, admin, { species: [gone] }, 400)).toBe(
      formatMessage(messages.ebookSpeciesUnknown, { id: gone }),
    );
    expect(
      await refused(
        'PUT',
        `ebooks/${id}/chapter_species/1`,
        admin,
        { species: [kea], content_species: { [species[1] ?? '']: 'x' } },
        400,
      ),
    ).toContain('content_species');
    expect(
      await refused('PUT', `ebooks/${id}/chapter_species/1`, admin, { chapter: 2, species: [kea] }, 400),
    ).toBe(formatMessage(messages.ebookChapterMismatch, { chapter: 1 }));
    expect(
      await refused('PUT', `ebooks/${id}/chapter_species/1`, admin, { species: [kea, kea] }, 400),
    ).toContain('species');
    expect(await refused('PUT', `ebooks/${id}/chapter_species/1`, admin, {}, 400)).toContain('species');
    // Nothing changed by the refusals.
    const read = await ok<ChapterSpeciesResponse>('GET', `ebooks/${id}/chapter/1/species`, admin);
    expect(read.species.map((entry) => [entry.species_id, entry.content_species])).toEqual([[kea, 'Kept']]);

    expect(await refused('PUT', `ebooks/${id}/chapter_species/2`, admin, { species: [] }, 404)).toBe(
      formatMessage(messages.ebookChapterNotFound, { chapter: 2 }),
    );
    expect(await refused('GET', `ebooks/${id}/chapter/2/species`, admin, undefined, 404)).toBe(
      formatMessage(messages.ebookChapterNotFound, { chapter: 2 }),
    );
    expect(await refused('GET', `ebooks/${randomUUID()}/chapter/1/species`, admin, undefined, 404)).toBe(
      messages.ebookNotFound,
    );
  });
});

describe('table of contents and clone', () => {
  it('sets a toc of existing chapters and refuses one naming a missing chapter', async () => {
    const id = (await newBook()).id;
    await ok('POST', `ebooks/${id}/chapter`, admin, { title: 'Parrots' });
    const toc = [
      { title: 'Part one: the bush', chapter: null, level: 1 },
      { title: ' Parrots ', chapter: 1, level: 2 },
    ];
    const set = await ok<EbookResponse>('PUT', `ebooks/${id}/toc`, admin, { toc });
    expect(set.ebook.toc).toEqual([toc[0], { title: 'Parrots', chapter: 1, level: 2 }]);
    expect(
      await refused(
        'PUT',
        `ebooks/${id}/toc`,
        admin,
        { toc: [{ title: 'Gone', chapter: 4, level: 2 }] },
        400,
      ),
    ).toBe(formatMessage(messages.ebookTocChapterUnknown, { chapter: 4 }));
    expect(
      await refused(
        'PUT',
        `ebooks/${id}/toc`,
        admin,
        { toc: [{ title: 'Deep', chapter: 1, level: 4 }] },
        400,
      ),
    ).toContain('level');
    expect(await refused('PUT', `ebooks/${id}/toc`, admin, { toc: 'chapter 1' }, 400)).toContain('toc');
    expect((await ok<EbookResponse>('GET', `ebooks/${id}`, admin)).ebook.toc).toEqual(set.ebook.toc);
    expect(await refused('PUT', `ebooks/${randomUUID()}/toc`, admin, { toc: [] }, 404)).toBe(
      messages.ebookNotFound,
    );
  });

  it('clones a whole ebook under a new name, chapters back to Draft, species and texts kept', async () => {
    const source = await newBook({ name: 'Wetland birds', page_size: 'A4' });
    const [kea = '', kaka = ''] = species;
    await ok('POST', `ebooks/${source.id}/chapter`, admin, {
      title: 'One',
      content: 'Text one',
      status: 'Published',
    });
    await ok('POST', `ebooks/${source.id}/chapter`, admin, { title: 'Two', status: 'Review' });
    await ok('PUT', `ebooks/${source.id}/chapter_species/2`, admin, {
      species: [kaka, kea],
      content_species: { [kaka]: 'Brown parrot' },
    });
    await ok('PUT', `ebooks/${source.id}/toc`, admin, { toc: [{ title: 'One', chapter: 1, level: 2 }] });

    const clone = (
      await ok<EbookResponse>('POST', `ebooks/${source.id}/clone`, admin, {
        ebook_name: 'Wetland birds, 2nd edition',
      })
    ).ebook;
    expect(clone.id).not.toBe(source.id);
    expect(clone).toMatchObject({
      name: 'Wetland birds, 2nd edition',
      page_size: 'A4',
      toc: [{ title: 'One', chapter: 1, level: 2 }],
      chapter_count: 2,
    });
    expect(
      clone.chapters.map((chapter) => [
        chapter.chapter,
        chapter.title,
        chapter.status,
        chapter.species_count,
      ]),
    ).toEqual([
      [1, 'One', 'Draft', 0],
      [2, 'Two', 'Draft', 2],
    ]);
    expect((await ok<ChapterResponse>('GET', `ebooks/${clone.id}/chapter/1`, admin)).chapter.content).toBe(
      'Text one',
    );
    const cloned = await ok<ChapterSpeciesResponse>('GET', `ebooks/${clone.id}/chapter/2/species`, admin);
    expect(cloned.species.map((entry) => [entry.species_id, entry.content_species])).toEqual([
      [kaka, 'Brown parrot'],
      [kea, ''],
    ]);
    // The copy is its own: changing it leaves the source as it was.
    await ok('PUT', `ebooks/${clone.id}/chapter_species/2`, admin, { species: [] });
    const original = await ok<ChapterSpeciesResponse>('GET', `ebooks/${source.id}/chapter/2/species`, admin);
    expect(original.species).toHaveLength(2);
    expect((await ok<EbookResponse>('GET', `ebooks/${source.id}`, admin)).ebook.chapters[0]?.status).toBe(
      'Published',
    );

    expect(
      await refused('POST', `ebooks/${source.id}/clone`, admin, { ebook_name: 'wetland BIRDS' }, 409),
    ).toContain('name');
    expect(await refused('POST', `ebooks/${source.id}/clone`, admin, { ebook_name: '' }, 400)).toContain(
      'ebook_name',
    );
    expect(
      await refused('POST', `ebooks/${randomUUID()}/clone`, admin, { ebook_name: 'Anything new' }, 404),
    ).toBe(messages.ebookNotFound);
  });
});

describe('page templates', () => {
  it('an admin creates, lists, reads and replaces a template', async () => {
    const template = '<page>{{species.name}}</page>';
    const created = await ok<PageTemplateResponse>('POST', 'ebooks/admin/page_templates', admin, {
      name: ' Species page ',
      template,
      thumbnail: null,
    });
    expect(Value.Check(PageTemplateResponseSchema, created)).toBe(true);
    expect(created.page_template).toMatchObject({
      name: 'Species page',
      template,
      thumbnail: null,
      thumbnail_url: null,
    });
    const id = created.page_template.id;

    const list = await ok<PageTemplateListResponse>('GET', 'ebooks/admin/page_templates', admin);
    expect(Value.Check(PageTemplateListResponseSchema, list)).toBe(true);
    const listed = list.page_templates.find((entry) => entry.id === id);
    expect(listed).toMatchObject({ name: 'Species page' });
    expect(listed).not.toHaveProperty('template');

    expect(
      (await ok<PageTemplateResponse>('GET', `ebooks/admin/page_templates/${id}`, admin)).page_template,
    ).toEqual(created.page_template);
    const replaced = await ok<PageTemplateResponse>('PUT', `ebooks/admin/page_templates/${id}`, superadmin, {
      name: 'Species page, two columns',
      template: '<page columns="2"/>',
      thumbnail: null,
    });
    expect(replaced.page_template).toMatchObject({
      id,
      name: 'Species page, two columns',
      template: '<page columns="2"/>',
    });
  });

  it('refuses an unknown thumbnail, bad fields and unknown templates', async () => {
    expect(
      await refused(
        'POST',
        'ebooks/admin/page_templates',
        admin,
        { name: 'T', template: '', thumbnail: randomUUID() },
        400,
      ),
    ).toBe(messages.ebookThumbnailUnknown);
    expect(
      await refused(
        'POST',
        'ebooks/admin/page_templates',
        admin,
        { name: '', template: '', thumbnail: null },
        400,
      ),
    ).toContain('name');
    expect(
      await refused('POST', 'ebooks/admin/page_templates', admin, { name: 'T', thumbnail: null }, 400),
    ).toContain('template');
    const unknown = randomUUID();
    expect(await refused('GET', `ebooks/admin/page_templates/${unknown}`, admin, undefined, 404)).toBe(
      messages.ebookTemplateNotFound,
    );
    expect(
      await refused(
        'PUT',
        `ebooks/admin/page_templates/${unknown}`,
        admin,
        { name: 'T', template: '', thumbnail: null },
        404,
      ),
    ).toBe(messages.ebookTemplateNotFound);
  });
});

/** Each page's text, and its size in points. */
async function pdfPages(bytes: Buffer): Promise<Array<{ text: string; width: number; height: number }>> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 })
    .promise;
  const pages: Array<{ text: string; width: number; height: number }> = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const [, , width = 0, height = 0] = page.view;
    pages.push({
      text: content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
      width: Math.round(width),
      height: Math.round(height),
    });
  }
  await pdf.destroy();
  return pages;
}

describe('GET ebooks/{id}/export', () => {
  it('is a PDF of the Published chapters with their species and texts, in the page size chosen', async () => {
    const id = (await newBook({ name: 'Pūkeko & friends', page_size: 'A5', page_orientation: 'landscape' }))
      .id;
    const [kea = ''] = species;
    await ok('POST', `ebooks/${id}/chapter`, admin, {
      title: 'Alpine parrots',
      content:
        '## Where they live\n\nAbove the **bush line**, see [DOC](https://doc.govt.nz).\n- Arthur’s Pass',
      status: 'Published',
    });
    await ok('PUT', `ebooks/${id}/chapter_species/1`, admin, {
      species: [kea],
      content_species: { [kea]: 'Curious and *clever*.' },
    });
    await ok('POST', `ebooks/${id}/chapter`, admin, { title: 'Unfinished draft', content: 'Not yet' });

    const response = await call('GET', `ebooks/${id}/export?format=pdf`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="pukeko-friends.pdf"');
    const pages = await pdfPages(response.rawPayload);
    // Title, contents, chapter 1.
    expect(pages).toHaveLength(3);
    expect(pages[0]?.text).toContain('Pūkeko & friends');
    expect(pages[0]?.text).toContain('Field guide');
    expect(pages[1]?.text).toContain('1. Alpine parrots');
    const chapter = pages[2]?.text ?? '';
    expect(chapter).toContain('Chapter 1');
    expect(chapter).toContain('Where they live');
    expect(chapter).toContain('Above the bush line, see DOC.');
    expect(chapter).not.toContain('https://');
    expect(chapter).toContain('Kea');
    expect(chapter).toContain('Ebookus kea');
    expect(chapter).toContain('Curious and clever.');
    expect(pages.map((page) => page.text).join(' ')).not.toContain('Unfinished draft');
    // A5 landscape: 595 × 420 points.
    expect(pages.map((page) => [page.width, page.height])).toEqual(Array(3).fill([595, 420]));

    // One chapter by number, whatever its status; the default format is pdf.
    const draft = await call('GET', `ebooks/${id}/export?chapter=2`, admin);
    expect(draft.statusCode, draft.body).toBe(200);
    const draftPages = await pdfPages(draft.rawPayload);
    expect(draftPages.map((page) => page.text).join(' ')).toContain('Unfinished draft');
    expect(draftPages.map((page) => page.text).join(' ')).not.toContain('Alpine parrots');
  });

  it('refuses other formats, a book with nothing published, unknown books and chapters', async () => {
    const id = (await newBook()).id;
    await ok('POST', `ebooks/${id}/chapter`, admin, { title: 'Draft only' });
    for (const format of ['epub', 'json', 'html']) {
      expect(await refused('GET', `ebooks/${id}/export?format=${format}`, admin, undefined, 400)).toBe(
        messages.ebookExportFormat,
      );
    }
    expect(await refused('GET', `ebooks/${id}/export?format=pdf`, admin, undefined, 409)).toBe(
      messages.ebookExportEmpty,
    );
    expect(await refused('GET', `ebooks/${id}/export?chapter=7`, admin, undefined, 404)).toBe(
      formatMessage(messages.ebookChapterNotFound, { chapter: 7 }),
    );
    expect(await refused('GET', `ebooks/${randomUUID()}/export`, admin, undefined, 404)).toBe(
      messages.ebookNotFound,
    );
    expect(await refused('GET', `ebooks/${id}/export`, null, undefined, 401)).toBe(messages.signInRequired);
    expect(await refused('GET', `ebooks/${id}/export`, client, undefined, 401)).toBe(messages.signInRequired);
    expect(await refused('GET', `ebooks/${id}/export`, member, undefined, 403)).toBe(messages.notAuthorised);
  });
});
