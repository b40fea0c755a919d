import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ContentPageResponseSchema,
  HelpResponseSchema,
  HelpTopicResponseSchema,
  PRIVACY_SLUG,
  TERMS_SLUG,
  type ContentPageResponse,
  type HelpResponse,
  type HelpTopicResponse,
} from '@contract/content';
import { messages } from '@contract/messages';
import {
  ensureContentData,
  readContentSeed,
  SEED_HELP_CATEGORIES,
  SEED_HELP_TOPICS,
  SEED_PAGES,
  seedContent,
  type ContentSeed,
  type ContentSeedCounts,
} from '../../server/db/content/seed';
import { api, bearer, buildTestApp, createMember, fetchClientToken, signIn, type TestApp } from './helpers';
import { present } from '../../src/test/present';

let t: TestApp;
let clientToken: string;
let memberToken: string;
let firstSeed: ContentSeedCounts | null;

beforeAll(async () => {
  t = await buildTestApp();
  firstSeed = await ensureContentData(t.db);
  clientToken = await fetchClientToken(t);
  memberToken = (await signIn(t, await createMember(t))).auth_token;
});
afterAll(() => t.close());

function get(path: string, token: string | null = clientToken) {
  return t.app.inject({ method: 'GET', url: api(path), headers: token === null ? {} : bearer(token) });
}

const TERMS = present(
  SEED_PAGES.find((page) => page.slug === TERMS_SLUG),
  'the seeded terms',
);

describe('GET cms/pages/slug/{slug}', () => {
  it('answers the seeded terms and privacy policy, as Markdown, to a client token', async () => {
    for (const slug of [TERMS_SLUG, PRIVACY_SLUG]) {
      const response = await get(`/cms/pages/slug/${slug}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ContentPageResponse>();
      expect(Value.Check(ContentPageResponseSchema, body)).toBe(true);
      expect(body.page.slug).toBe(slug);
      expect(body.page.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.page.updated_at).toBeGreaterThan(0);
      // Both are templates, and say so first.
      expect(
        body.page.content.startsWith('> **Template: the operator of this installation must review'),
      ).toBe(true);
    }
  });

  it('says what the privacy policy must: argon2id, coordinates, EXIF, push, IndexedDB, deletion', async () => {
    const { page } = (await get(`/cms/pages/slug/${PRIVACY_SLUG}`)).json<ContentPageResponse>();
    for (const needle of [
      'argon2id',
      'Hidden coordinate',
      'Private sightings',
      'EXIF',
      'GPS',
      'Push notifications',
      'IndexedDB',
      '## Deleting your account',
    ]) {
      expect(page.content).toContain(needle);
    }
  });

  it('answers a member too', async () => {
    const response = await get(`/cms/pages/slug/${TERMS_SLUG}`, memberToken);
    expect(response.statusCode).toBe(200);
    expect(response.json<ContentPageResponse>().page.title).toBe('Terms & Conditions');
  });

  it('needs a token, as every read does', async () => {
    const response = await get(`/cms/pages/slug/${TERMS_SLUG}`, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 'failed', reason: messages.signInRequired });
  });

  it('answers 404 in the envelope for an unknown slug', async () => {
    const response = await get('/cms/pages/slug/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'failed', reason: messages.contentPageNotFound });
  });

  it('refuses a slug that could not be one with 400 naming it', async () => {
    const response = await get('/cms/pages/slug/Terms_Conditions');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ reason: string }>().reason).toMatch(/^slug: /);
  });

  it('does not answer a deleted page', async () => {
    const id = '00000000-0000-4000-8000-00000000d0d0';
    const now = new Date();
    await t.db
      .insertInto('content_pages')
      .values({
        id,
        slug: 'gone',
        title: 'Gone',
        body: 'x',
        created_at: now,
        updated_at: now,
        deleted_at: now,
      })
      .execute();
    expect((await get('/cms/pages/slug/gone')).statusCode).toBe(404);
    expect((await get(`/cms/pages/${id}`)).statusCode).toBe(404);
  });
});

describe('GET cms/pages/{id}', () => {
  it('answers the page with that id', async () => {
    const response = await get(`/cms/pages/${TERMS.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ContentPageResponse>();
    expect(Value.Check(ContentPageResponseSchema, body)).toBe(true);
    expect(body.page).toMatchObject({ id: TERMS.id, slug: TERMS_SLUG, title: TERMS.title });
  });

  it('answers 404 for an unknown id and 400 for one that is not a UUID', async () => {
    const unknown = await get('/cms/pages/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'failed', reason: messages.contentPageNotFound });
    const malformed = await get('/cms/pages/terms');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ reason: string }>().reason).toMatch(/^id: /);
  });
});

describe('GET help', () => {
  it('answers the categories in order, each with its topics in order, without content', async () => {
    const response = await get('/help');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<HelpResponse>();
    expect(Value.Check(HelpResponseSchema, body)).toBe(true);
    expect(body.categories.map((category) => category.slug)).toEqual(
      SEED_HELP_CATEGORIES.map((category) => category.slug),
    );
    for (const category of body.categories) {
      expect(category.topics.map((topic) => topic.slug)).toEqual(
        SEED_HELP_TOPICS.filter((topic) => topic.category === category.slug).map((topic) => topic.slug),
      );
      for (const topic of category.topics) {
        expect(topic.category).toBe(category.slug);
        expect(topic).not.toHaveProperty('content');
      }
    }
  });

  it('with include_content=true answers every topic with its Markdown', async () => {
    const body = (await get('/help?include_content=true')).json<HelpResponse>();
    expect(Value.Check(HelpResponseSchema, body)).toBe(true);
    const topics = body.categories.flatMap((category) => category.topics);
    expect(topics).toHaveLength(SEED_HELP_TOPICS.length);
    for (const topic of topics) expect(topic.content?.length).toBeGreaterThan(100);
    const lifers = topics.find((topic) => topic.slug === 'lifers');
    expect(lifers?.content).toContain('first sighting of a species');
  });

  it('include_content=false is the default, and anything but a boolean is a 400', async () => {
    const body = (await get('/help?include_content=false')).json<HelpResponse>();
    expect(body.categories[0]?.topics[0]).not.toHaveProperty('content');
    const response = await get('/help?include_content=maybe');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ reason: string }>().reason).toMatch(/^include_content: /);
  });

  it('leaves out deleted topics and categories left without a topic', async () => {
    const now = new Date();
    await t.db
      .insertInto('help_categories')
      .values({ slug: 'empty-one', title: 'Empty', sort: 5, created_at: now, updated_at: now })
      .execute();
    await t.db
      .insertInto('help_topics')
      .values({
        id: '00000000-0000-4000-8000-0000000000e1',
        slug: 'deleted-topic',
        category: 'empty-one',
        title: 'Deleted',
        body: 'x',
        sort: 1,
        created_at: now,
        updated_at: now,
        deleted_at: now,
      })
      .execute();
    const body = (await get('/help')).json<HelpResponse>();
    expect(body.categories.map((category) => category.slug)).not.toContain('empty-one');
    expect((await get('/help/deleted-topic')).statusCode).toBe(404);
  });
});

describe('GET help/{topic}', () => {
  it('answers one topic by its slug, with its Markdown and category', async () => {
    const response = await get('/help/hidden-coordinates', memberToken);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<HelpTopicResponse>();
    expect(Value.Check(HelpTopicResponseSchema, body)).toBe(true);
    expect(body.topic).toMatchObject({ slug: 'hidden-coordinates', category: 'privacy' });
    expect(body.topic.content).toContain('Hide coordinate');
    expect(body.category).toEqual({ slug: 'privacy', title: 'Privacy' });
  });

  it('answers a topic by its id as well', async () => {
    const seeded = present(SEED_HELP_TOPICS[0], 'a seeded help topic');
    const body = (await get(`/help/${seeded.id}`)).json<HelpTopicResponse>();
    expect(body.topic.slug).toBe(seeded.slug);
  });

  it('answers 404 in the envelope for an unknown topic', async () => {
    const response = await get('/help/no-such-topic');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'failed', reason: messages.helpTopicNotFound });
    expect((await get('/help/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses a topic name that could not be one with 400 naming it', async () => {
    const response = await get('/help/Not%20A%20Topic');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ reason: string }>().reason).toMatch(/^topic: /);
  });
});

describe('the OpenAPI document', () => {
  it('documents the four calls with their parameters and the failed envelope', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        { get?: { parameters?: { name: string }[]; responses: Record<string, unknown> } }
      >;
    }>();
    const paths = {
      '/api/v1.0/cms/pages/slug/{slug}': ['slug'],
      '/api/v1.0/cms/pages/{id}': ['id'],
      '/api/v1.0/help': ['include_content'],
      '/api/v1.0/help/{topic}': ['topic'],
    };
    for (const [path, parameters] of Object.entries(paths)) {
      const get = document.paths[path]?.get;
      expect(get, path).toBeDefined();
      expect(get?.parameters?.map((parameter) => parameter.name)).toEqual(parameters);
      expect(Object.keys(get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '404']));
    }
  });
});

describe('the seed', () => {
  it('inserted the two pages, four categories and every topic on the first start', () => {
    expect(firstSeed).toEqual({
      pages: SEED_PAGES.length,
      categories: SEED_HELP_CATEGORIES.length,
      topics: SEED_HELP_TOPICS.length,
    });
  });

  it('is idempotent: seeding again inserts nothing and duplicates nothing', async () => {
    expect(await ensureContentData(t.db)).toBeNull();
    expect(await ensureContentData(t.db)).toBeNull();
    const pages = await t.db
      .selectFrom('content_pages')
      .select('slug')
      .where('slug', 'in', [TERMS_SLUG, PRIVACY_SLUG])
      .execute();
    expect(pages).toHaveLength(2);
    const topics = await t.db
      .selectFrom('help_topics')
      .select('id')
      .where(
        'id',
        'in',
        SEED_HELP_TOPICS.map((topic) => topic.id),
      )
      .execute();
    expect(topics).toHaveLength(SEED_HELP_TOPICS.length);
  });

  it("never overwrites the operator's edits nor brings back what they deleted", async () => {
    await t.db
      .updateTable('content_pages')
      .set({ body: 'Our own terms.', updated_at: new Date() })
      .where('slug', '=', TERMS_SLUG)
      .execute();
    const lifers = present(
      SEED_HELP_TOPICS.find((topic) => topic.slug === 'lifers'),
      'the lifers help topic',
    );
    await t.db
      .updateTable('help_topics')
      .set({ deleted_at: new Date() })
      .where('id', '=', lifers.id)
      .execute();

    expect(await ensureContentData(t.db)).toBeNull();
    const terms = (await get(`/cms/pages/slug/${TERMS_SLUG}`)).json<ContentPageResponse>();
    expect(terms.page.content).toBe('Our own terms.');
    expect((await get('/help/lifers')).statusCode).toBe(404);
  });

  it('adds a topic a later version ships, and skips a seed row whose slug another row holds', async () => {
    const seed = await readContentSeed();
    const extended: ContentSeed = {
      ...seed,
      pages: [
        ...seed.pages,
        // Same slug as an existing page under another id: the operator's page wins.
        { id: '00000000-0000-4000-8000-0000000000a1', slug: TERMS_SLUG, title: 'Other', body: 'x' },
      ],
      topics: [
        ...seed.topics,
        {
          id: '00000000-0000-4000-8000-0000000000a2',
          slug: 'new-in-a-later-version',
          category: 'sync',
          title: 'New',
          sort: 99,
          body: 'New topic.',
        },
      ],
    };
    expect(await seedContent(t.db, extended)).toEqual({ pages: 0, categories: 0, topics: 1 });
    expect((await get('/help/new-in-a-later-version')).statusCode).toBe(200);
    const terms = (await get(`/cms/pages/slug/${TERMS_SLUG}`)).json<ContentPageResponse>();
    expect(terms.page.id).toBe(TERMS.id);
  });

  it('every seeded text is Markdown without a level-1 heading (the page shows the title as one)', async () => {
    const seed = await readContentSeed();
    for (const item of [...seed.pages, ...seed.topics]) {
      expect(item.body.length, item.slug).toBeGreaterThan(100);
      expect(item.body, item.slug).not.toMatch(/^# /m);
    }
  });
});
