/**
 * The content a new installation starts with: the Terms & Conditions and Privacy Policy pages
 * (templates the operator must review: each begins with a note saying so) and the first help topics,
 * in four categories. Their Markdown lives beside this file (pages/*.md, help/*.md); this file says
 * which file is which row.
 *
 * Start-up calls `ensureContentData`. It inserts every seed row whose id and slug are both free
 * (`INSERT … ON CONFLICT DO NOTHING`) and never updates one: once a row exists it is the operator's,
 * so their edits survive every restart and upgrade, and a row they deleted (`deleted_at`, the row
 * stays) is not brought back. A later version that adds a topic adds it to existing installations;
 * a later version that rewrites a seeded text changes only new installations. All of it is one
 * short transaction of three multi-row inserts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { PRIVACY_SLUG, TERMS_SLUG } from '@contract/content';
import type { DB } from '../schema';

export const contentDataDir = fileURLToPath(new URL('.', import.meta.url));

export interface SeedPage {
  id: string;
  slug: string;
  title: string;
  /** Markdown file under pages/. */
  file: string;
}

export interface SeedHelpCategory {
  slug: string;
  title: string;
  sort: number;
}

export interface SeedHelpTopic {
  id: string;
  slug: string;
  category: string;
  title: string;
  sort: number;
  /** Markdown file under help/. */
  file: string;
}

export const SEED_PAGES: readonly SeedPage[] = [
  {
    id: '6a905b50-ce19-47a1-a0a1-d33ce77a0b05',
    slug: TERMS_SLUG,
    title: 'Terms & Conditions',
    file: 'terms-conditions.md',
  },
  {
    id: '81208844-9907-4ec7-a830-8c38ab76d196',
    slug: PRIVACY_SLUG,
    title: 'Privacy Policy',
    file: 'privacy-policy.md',
  },
];

export const SEED_HELP_CATEGORIES: readonly SeedHelpCategory[] = [
  { slug: 'recording', title: 'Recording sightings', sort: 10 },
  { slug: 'sync', title: 'Offline and sync', sort: 20 },
  { slug: 'lists', title: 'Lifers, region and animal groups', sort: 30 },
  { slug: 'privacy', title: 'Privacy', sort: 40 },
];

export const SEED_HELP_TOPICS: readonly SeedHelpTopic[] = [
  {
    id: 'd6a679d0-39c7-45ec-bd94-4226a0ed8b15',
    slug: 'record-a-sighting',
    category: 'recording',
    title: 'Recording a sighting',
    sort: 10,
    file: 'record-a-sighting.md',
  },
  {
    id: '4f03b01b-637e-4937-99aa-9a466b2d6bd3',
    slug: 'record-offline',
    category: 'recording',
    title: 'Recording without a signal',
    sort: 20,
    file: 'record-offline.md',
  },
  {
    id: '69f4e1f5-fed9-4fd3-88fc-306c2b27db60',
    slug: 'quick-record',
    category: 'recording',
    title: 'Quick Record',
    sort: 30,
    file: 'quick-record.md',
  },
  {
    id: '30945ab5-e2f1-49d3-b284-2e2a7000e334',
    slug: 'how-sync-works',
    category: 'sync',
    title: 'How your sightings reach your account',
    sort: 10,
    file: 'how-sync-works.md',
  },
  {
    id: '91ece00b-0ba1-4467-b257-24b168ef0e1e',
    slug: 'unsynced-count',
    category: 'sync',
    title: 'The "not yet uploaded" count',
    sort: 20,
    file: 'unsynced-count.md',
  },
  {
    id: '2a099823-9fb8-486b-9ec0-e3c3a4b6e6a6',
    slug: 'lifers',
    category: 'lists',
    title: 'Lifers',
    sort: 10,
    file: 'lifers.md',
  },
  {
    id: 'abd125ca-ea5c-4ca0-aa1d-967b6d1d41b8',
    slug: 'region-and-animal-groups',
    category: 'lists',
    title: 'Choosing your region and animal groups',
    sort: 20,
    file: 'region-and-animal-groups.md',
  },
  {
    id: '787a9627-a360-4f99-8918-db2513040712',
    slug: 'public-and-private',
    category: 'privacy',
    title: 'Public and private sightings',
    sort: 10,
    file: 'public-and-private.md',
  },
  {
    id: '794783a2-432a-49c9-98f4-3faf8ac680b0',
    slug: 'hidden-coordinates',
    category: 'privacy',
    title: 'Hiding where a sighting was',
    sort: 20,
    file: 'hidden-coordinates.md',
  },
  {
    id: '2cc956a4-1870-46d0-b6e5-a3882e02ad8f',
    slug: 'photos-and-location',
    category: 'privacy',
    title: 'Photos and their location data',
    sort: 30,
    file: 'photos-and-location.md',
  },
];

/** The seed with its Markdown read from the files. */
export interface ContentSeed {
  pages: (Omit<SeedPage, 'file'> & { body: string })[];
  categories: SeedHelpCategory[];
  topics: (Omit<SeedHelpTopic, 'file'> & { body: string })[];
}

export async function readContentSeed(dir: string = contentDataDir): Promise<ContentSeed> {
  const body = async (folder: string, file: string) =>
    (await readFile(join(dir, folder, file), 'utf8')).trim();
  return {
    pages: await Promise.all(
      SEED_PAGES.map(async ({ file, ...page }) => ({ ...page, body: await body('pages', file) })),
    ),
    categories: [...SEED_HELP_CATEGORIES],
    topics: await Promise.all(
      SEED_HELP_TOPICS.map(async ({ file, ...topic }) => ({ ...topic, body: await body('help', file) })),
    ),
  };
}

/** How many rows a seeding inserted (rows already there are not counted). */
export interface ContentSeedCounts {
  pages: number;
  categories: number;
  topics: number;
}

/** Inserts the seed rows that are missing (by id and by slug); never changes an existing row. */
export async function seedContent(
  db: Kysely<DB>,
  seed: ContentSeed,
  now = new Date(),
): Promise<ContentSeedCounts> {
  const stamps = { created_at: now, updated_at: now };
  return db.transaction().execute(async (trx) => {
    const pages = seed.pages.length
      ? await trx
          .insertInto('content_pages')
          .values(seed.pages.map((page) => ({ ...page, ...stamps })))
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .execute()
      : [];
    const categories = seed.categories.length
      ? await trx
          .insertInto('help_categories')
          .values(seed.categories.map((category) => ({ ...category, ...stamps })))
          .onConflict((oc) => oc.doNothing())
          .returning('slug')
          .execute()
      : [];
    const topics = seed.topics.length
      ? await trx
          .insertInto('help_topics')
          .values(seed.topics.map((topic) => ({ ...topic, ...stamps })))
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .execute()
      : [];
    return { pages: pages.length, categories: categories.length, topics: topics.length };
  });
}

/**
 * Start-up: inserts whatever of the shipped seed is missing. Answers the counts when it inserted
 * anything, null when every row was already there (the usual restart).
 */
export async function ensureContentData(
  db: Kysely<DB>,
  seed?: ContentSeed,
): Promise<ContentSeedCounts | null> {
  const counts = await seedContent(db, seed ?? (await readContentSeed()));
  return counts.pages + counts.categories + counts.topics > 0 ? counts : null;
}
