/**
 * The device's copies of content pages and help, so that a page opened once online opens offline
 * afterwards: an idb-keyval store of its own (IndexedDB database `fieldmark_content`, object store
 * `content`), apart from the session store (src/db/kv.ts) and from `app.db` (Dexie), which it
 * never touches. Keys: `page:<slug>` (a page) and `help` (every category with every topic and its
 * Markdown, as `GET help?include_content=true` answers).
 *
 * Why here rather than in the service worker: the house never caches `/api` JSON in the worker
 * (docs/ARCHITECTURE.md), a copy read by the page can say "this is the saved copy" and "never opened
 * online" in words, and it works the same in unit tests, in a tab without a worker and in the
 * installed app. Copies are public text, so they outlive sign-out; a page the server no longer has
 * (404) is forgotten.
 *
 * What is on disk may come from an older version (or be damaged): a value without today's shape
 * reads as absent.
 */
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { ContentPage, HelpCategory, HelpTopic } from '@contract/content';

export const CONTENT_DATABASE = 'fieldmark_content';
export const CONTENT_STORE = 'content';

let store: UseStore | undefined;
/** Opened on first use (idb-keyval opens lazily too), so importing this module costs nothing. */
const contentStore = () => (store ??= createStore(CONTENT_DATABASE, CONTENT_STORE));

/** A copy and when it was fetched (ms since the epoch). */
export interface Saved<T> {
  value: T;
  savedAt: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function isContentPage(value: unknown): value is ContentPage {
  return (
    isRecord(value) &&
    isString(value.id) &&
    isString(value.slug) &&
    isString(value.title) &&
    isString(value.content) &&
    isNumber(value.updated_at)
  );
}

function isHelpTopic(value: unknown): value is HelpTopic {
  return (
    isRecord(value) &&
    isString(value.id) &&
    isString(value.slug) &&
    isString(value.category) &&
    isString(value.title) &&
    isNumber(value.updated_at) &&
    (value.content === undefined || isString(value.content))
  );
}

export function isHelpCategories(value: unknown): value is HelpCategory[] {
  return (
    Array.isArray(value) &&
    value.every(
      (category) =>
        isRecord(category) &&
        isString(category.slug) &&
        isString(category.title) &&
        Array.isArray(category.topics) &&
        category.topics.every(isHelpTopic),
    )
  );
}

async function read<T>(key: string, guard: (value: unknown) => value is T): Promise<Saved<T> | undefined> {
  const saved = await get<unknown>(key, contentStore());
  if (!isRecord(saved) || !isNumber(saved.savedAt) || !guard(saved.value)) return undefined;
  return { value: saved.value, savedAt: saved.savedAt };
}

const pageKey = (slug: string) => `page:${slug}`;
const HELP_KEY = 'help';

export const savedPage = (slug: string) => read(pageKey(slug), isContentPage);

export async function savePage(slug: string, page: ContentPage, now = Date.now()): Promise<void> {
  await set(pageKey(slug), { value: page, savedAt: now } satisfies Saved<ContentPage>, contentStore());
}

export async function forgetPage(slug: string): Promise<void> {
  await del(pageKey(slug), contentStore());
}

export const savedHelp = () => read(HELP_KEY, isHelpCategories);

export async function saveHelp(categories: HelpCategory[], now = Date.now()): Promise<void> {
  await set(HELP_KEY, { value: categories, savedAt: now } satisfies Saved<HelpCategory[]>, contentStore());
}

/** Forgets every saved page and the help (tests start from an empty store with it). */
export async function clearSavedContent(): Promise<void> {
  await clear(contentStore());
}
