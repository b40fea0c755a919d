import { randomUUID } from 'node:crypto';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ContentPageListResponseSchema,
  ContentPageWriteResponseSchema,
  HelpTopicWriteResponseSchema,
  type ContentPageListResponse,
  type ContentPageWriteResponse,
  type HelpTopicWriteResponse,
} from '@contract/contentAdmin';
import type { ContentPageResponse, HelpResponse, HelpTopicResponse } from '@contract/content';
import { PRIVACY_SLUG, TERMS_SLUG } from '@contract/contentPaths';
import type { Failed } from '@contract/envelope';
import { messages } from '@contract/messages';
import { ensureContentData } from '../../server/db/content/seed';
import { XSS_CORPUS } from '../../src/test/xssCorpus';
import { buildTestApp, createSignedInMember, fetchClientToken, type TestApp, callApi } from './helpers';

let t: TestApp;
let client: string;
let member: string;
let admin: string;
/** Holds every admin-cms and admin-help flag but not the admin role. */
let editor: string;
/** Holds only the read flags. */
let reader: string;

async function tokenFor(roles: string[], permissions?: Record<string, string[]>) {
  return (await createSignedInMember(t, { roles, ...(permissions ? { permissions } : {}) })).token;
}

beforeAll(async () => {
  t = await buildTestApp();
  await ensureContentData(t.db);
  client = await fetchClientToken(t);
  member = await tokenFor(['member']);
  admin = await tokenFor(['member', 'admin']);
  editor = await tokenFor(['member'], {
    'admin-cms': ['r', 'c', 'u', 'd'],
    'admin-help': ['r', 'c', 'u', 'd'],
  });
  reader = await tokenFor(['member'], { 'admin-cms': ['r'], 'admin-help': ['r'] });
});
afterAll(() => t.close());

function call(method: 'GET' | 'PUT' | 'DELETE', path: string, token: string | null, payload?: unknown) {
  return callApi(t, method, path, token, payload);
}

const page = (slug: string, content = '# Hello\n\nText.') => ({ slug, title: `Page ${slug}`, content });
const topic = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  category: 'getting-started',
  title: `Topic ${slug}`,
  content: 'Help **text**.',
  ...extra,
});

describe('GET cms/pages', () => {
  it('lists every live page without bodies to an admin and to admin-cms:r', async () => {
    for (const token of [admin, reader]) {
      const response = await call('GET', '/cms/pages', token);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ContentPageListResponse>();
      expect(Value.Check(ContentPageListResponseSchema, body)).toBe(true);
      expect(body.pages.map((p) => p.slug)).toEqual(expect.arrayContaining([TERMS_SLUG, PRIVACY_SLUG]));
      expect(body.pages[0]).not.toHaveProperty('content');
    }
  });

  it('refuses a member (403, the spec message) and a guest or client token (401)', async () => {
    const refused = await call('GET', '/cms/pages', member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 'failed', reason: messages.notAuthorised });
    expect((await call('GET', '/cms/pages', null)).statusCode).toBe(401);
    expect((await call('GET', '/cms/pages', client)).statusCode).toBe(401);
  });
});

describe('PUT and DELETE cms/pages/{id}', () => {
  it('creates with a new id, replaces with a known one, and readers see it by slug', async () => {
    const id = randomUUID();
    const created = await call('PUT', `/cms/pages/${id}`, admin, page('about-us'));
    expect(created.statusCode, created.body).toBe(200);
    const first = created.json<ContentPageWriteResponse>();
    expect(Value.Check(ContentPageWriteResponseSchema, first)).toBe(true);
    expect(first).toMatchObject({
      created: true,
      page: { id, slug: 'about-us', content: '# Hello\n\nText.' },
    });

    t.clock.advance(5);
    const replaced = await call('PUT', `/cms/pages/${id}`, editor, page('about', 'New *text*'));
    expect(replaced.statusCode, replaced.body).toBe(200);
    const second = replaced.json<ContentPageWriteResponse>();
    expect(second.created).toBe(false);
    expect(second.page.updated_at).toBeGreaterThan(first.page.updated_at);

    const read = (await call('GET', '/cms/pages/slug/about', client)).json<ContentPageResponse>();
    expect(read.page).toMatchObject({ id, title: 'Page about', content: 'New *text*' });
    expect((await call('GET', '/cms/pages/slug/about-us', client)).statusCode).toBe(404);
  });

  it('refuses a slug another page holds (409) and a blank title or unknown field (400)', async () => {
    const taken = await call('PUT', `/cms/pages/${randomUUID()}`, admin, page(TERMS_SLUG));
    expect(taken.statusCode).toBe(409);
    expect(taken.json<Failed>().reason).toBe(messages.contentSlugTaken);
    const blank = await call('PUT', `/cms/pages/${randomUUID()}`, admin, {
      ...page('x-blank'),
      title: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<Failed>().reason).toMatch(/title/);
    const extra = await call('PUT', `/cms/pages/${randomUUID()}`, admin, { ...page('x-extra'), html: '<b>' });
    expect(extra.statusCode).toBe(400);
    const badSlug = await call('PUT', `/cms/pages/${randomUUID()}`, admin, page('Not A Slug'));
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json<Failed>().reason).toMatch(/slug/);
  });

  it('keeps the terms and the privacy policy: editable, never removed or renamed', async () => {
    const terms = (await call('GET', `/cms/pages/slug/${TERMS_SLUG}`, client)).json<ContentPageResponse>()
      .page;
    const removed = await call('DELETE', `/cms/pages/${terms.id}`, admin);
    expect(removed.statusCode).toBe(409);
    expect(removed.json<Failed>().reason).toBe(messages.contentPageRequired);
    const renamed = await call('PUT', `/cms/pages/${terms.id}`, admin, page('other-terms'));
    expect(renamed.statusCode).toBe(409);
    const edited = await call('PUT', `/cms/pages/${terms.id}`, admin, {
      slug: TERMS_SLUG,
      title: 'Terms',
      content: 'Our terms.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      (await call('GET', `/cms/pages/slug/${TERMS_SLUG}`, client)).json<ContentPageResponse>().page.content,
    ).toBe('Our terms.');
  });

  it('deletes a page for every reader, and its id and slug are not reused', async () => {
    const id = randomUUID();
    await call('PUT', `/cms/pages/${id}`, admin, page('short-lived'));
    const removed = await call('DELETE', `/cms/pages/${id}`, editor);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `/cms/pages/${id}`, client)).statusCode).toBe(404);
    expect((await call('GET', '/cms/pages/slug/short-lived', client)).statusCode).toBe(404);
    expect((await call('DELETE', `/cms/pages/${id}`, admin)).statusCode).toBe(404);
    expect((await call('PUT', `/cms/pages/${id}`, admin, page('short-lived'))).statusCode).toBe(404);
    expect((await call('PUT', `/cms/pages/${randomUUID()}`, admin, page('short-lived'))).statusCode).toBe(
      409,
    );
  });

  it('refuses members and readers (403), guests (401)', async () => {
    const id = randomUUID();
    for (const token of [member, reader]) {
      const put = await call('PUT', `/cms/pages/${id}`, token, page('nope'));
      expect(put.statusCode).toBe(403);
      expect(put.json<Failed>().reason).toBe(messages.notAuthorised);
      expect((await call('DELETE', `/cms/pages/${id}`, token)).statusCode).toBe(403);
    }
    expect((await call('PUT', `/cms/pages/${id}`, null, page('nope'))).statusCode).toBe(401);
    expect((await call('PUT', `/cms/pages/${id}`, client, page('nope'))).statusCode).toBe(401);
    expect((await call('DELETE', `/cms/pages/${id}`, client)).statusCode).toBe(401);
  });
});

describe('PUT and DELETE help/{id}', () => {
  it('creates a topic and its category, replaces it, and help readers see it', async () => {
    const id = randomUUID();
    const created = await call(
      'PUT',
      `/help/${id}`,
      admin,
      topic('birding-basics', { category: 'birding', category_title: 'Birding', sort: 2 }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json<HelpTopicWriteResponse>();
    expect(Value.Check(HelpTopicWriteResponseSchema, body)).toBe(true);
    expect(body).toMatchObject({ created: true, category: { slug: 'birding', title: 'Birding' } });
    expect(body.topic).toMatchObject({ id, slug: 'birding-basics', sort: 2, content: 'Help **text**.' });

    const replaced = await call(
      'PUT',
      `/help/${id}`,
      editor,
      topic('birding-basics', { category: 'birding', content: 'v2' }),
    );
    expect(replaced.json<HelpTopicWriteResponse>()).toMatchObject({
      created: false,
      topic: { content: 'v2', sort: 0 },
    });

    const help = (await call('GET', '/help?include_content=true', client)).json<HelpResponse>();
    const birding = help.categories.find((c) => c.slug === 'birding');
    expect(birding?.topics.map((x) => [x.slug, x.content])).toEqual([['birding-basics', 'v2']]);
  });

  it('refuses an unknown category without a title (400) and a taken slug (409)', async () => {
    const unknown = await call(
      'PUT',
      `/help/${randomUUID()}`,
      admin,
      topic('t-unknown', { category: 'no-such' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Failed>().reason).toBe(messages.helpCategoryUnknown);
    await call(
      'PUT',
      `/help/${randomUUID()}`,
      admin,
      topic('t-taken', { category: 'birding', category_title: 'Birding' }),
    );
    const taken = await call(
      'PUT',
      `/help/${randomUUID()}`,
      admin,
      topic('t-taken', { category: 'birding' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json<Failed>().reason).toBe(messages.helpSlugTaken);
  });

  it('deletes a topic for every reader', async () => {
    const id = randomUUID();
    await call(
      'PUT',
      `/help/${id}`,
      admin,
      topic('t-gone', { category: 'birding', category_title: 'Birding' }),
    );
    expect((await call('GET', '/help/t-gone', client)).statusCode).toBe(200);
    expect((await call('DELETE', `/help/${id}`, editor)).statusCode).toBe(200);
    expect((await call('GET', '/help/t-gone', client)).statusCode).toBe(404);
    expect((await call('DELETE', `/help/${id}`, admin)).statusCode).toBe(404);
  });

  it('refuses members and readers (403), guests (401)', async () => {
    const id = randomUUID();
    for (const token of [member, reader]) {
      const put = await call('PUT', `/help/${id}`, token, topic('nope', { category_title: 'X' }));
      expect(put.statusCode).toBe(403);
      expect(put.json<Failed>().reason).toBe(messages.notAuthorised);
      expect((await call('DELETE', `/help/${id}`, token)).statusCode).toBe(403);
    }
    expect((await call('PUT', `/help/${id}`, null, topic('nope'))).statusCode).toBe(401);
    expect((await call('DELETE', `/help/${id}`, client)).statusCode).toBe(401);
  });
});

describe('the XSS corpus through page and help writes', () => {
  it('stores every payload exactly as written and answers it only as JSON', async () => {
    for (const [index, entry] of XSS_CORPUS.entries()) {
      const id = randomUUID();
      const slug = `xss-${index}`;
      const put = await call('PUT', `/cms/pages/${id}`, admin, {
        slug,
        title: entry.name,
        content: entry.markdown,
      });
      expect(put.statusCode, `${entry.name}: ${put.body}`).toBe(200);
      const read = await call('GET', `/cms/pages/slug/${slug}`, client);
      expect(read.headers['content-type'], entry.name).toMatch(/^application\/json/);
      expect(read.headers['x-content-type-options'], entry.name).toBe('nosniff');
      expect(read.json<ContentPageResponse>().page.content, entry.name).toBe(entry.markdown);

      const putTopic = await call('PUT', `/help/${randomUUID()}`, admin, {
        ...topic(slug, { category: 'birding', category_title: 'Birding' }),
        content: entry.markdown,
      });
      expect(putTopic.statusCode, `${entry.name}: ${putTopic.body}`).toBe(200);
      const readTopic = await call('GET', `/help/${slug}`, client);
      expect(readTopic.json<HelpTopicResponse>().topic.content, entry.name).toBe(entry.markdown);
    }
  });
});
