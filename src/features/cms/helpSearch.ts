/**
 * Search across the help of `/general-help` (issue 18): every topic of every subject, on the copy
 * the device keeps (useDeviceCopy.ts), so it works offline like the pages themselves. A topic
 * matches when each word of the query is part of its title, its subject's title or its Markdown,
 * ignoring case and accents; topics whose title holds every word come first, then the rest, each
 * group in the help's own order.
 */
import type { HelpCategory, HelpTopic } from '@contract/content';

export interface HelpMatch {
  category: Pick<HelpCategory, 'slug' | 'title'>;
  topic: HelpTopic;
}

/** Lower case without accents: "Élan" and "elan" are the same word to a reader. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

export function helpQueryWords(query: string): string[] {
  return foldForSearch(query)
    .split(/\s+/)
    .filter((word) => word !== '');
}

export function searchHelp(categories: readonly HelpCategory[], query: string): HelpMatch[] {
  const words = helpQueryWords(query);
  if (words.length === 0) return [];
  const inTitle: HelpMatch[] = [];
  const elsewhere: HelpMatch[] = [];
  for (const category of categories) {
    for (const topic of category.topics) {
      const title = foldForSearch(topic.title);
      const text = `${title}\n${foldForSearch(category.title)}\n${foldForSearch(topic.content ?? '')}`;
      if (!words.every((word) => text.includes(word))) continue;
      const match = { category: { slug: category.slug, title: category.title }, topic };
      (words.every((word) => title.includes(word)) ? inTitle : elsewhere).push(match);
    }
  }
  return [...inTitle, ...elsewhere];
}
