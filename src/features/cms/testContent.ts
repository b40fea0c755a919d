/** Fixtures of the content tests: pages and help as the server answers them. */
import type { ContentPage, HelpCategory, HelpResponse } from '@contract/content';
import type { FakeNetwork } from '../../test/fakeNetwork';

export function aPage(overrides: Partial<ContentPage> = {}): ContentPage {
  return {
    id: '6a905b50-ce19-47a1-a0a1-d33ce77a0b05',
    slug: 'terms-conditions',
    title: 'Terms & Conditions',
    content: '> **Template: review this page.**\n\n## Your account\n\nKeep your password to yourself.',
    updated_at: 1_795_355_286,
    ...overrides,
  };
}

export const HELP: HelpCategory[] = [
  {
    slug: 'recording',
    title: 'Recording sightings',
    topics: [
      {
        id: 'd6a679d0-39c7-45ec-bd94-4226a0ed8b15',
        slug: 'record-offline',
        category: 'recording',
        title: 'Recording without a signal',
        sort: 10,
        updated_at: 1_795_355_286,
        content: 'Everything you record is saved on your device first.',
      },
    ],
  },
  {
    slug: 'privacy',
    title: 'Privacy',
    topics: [
      {
        id: '787a9627-a360-4f99-8918-db2513040712',
        slug: 'public-and-private',
        category: 'privacy',
        title: 'Public and private sightings',
        sort: 10,
        updated_at: 1_795_355_286,
        content: 'A **private** sighting is seen only by you.',
      },
      {
        id: '794783a2-432a-49c9-98f4-3faf8ac680b0',
        slug: 'hidden-coordinates',
        category: 'privacy',
        title: 'Hiding where a sighting was',
        sort: 20,
        updated_at: 1_795_355_286,
        content: 'Switch on **Hide coordinate** to keep its position to yourself.',
      },
    ],
  },
];

/** The server of these tests: `pages` by slug (404 for others) and the help. */
export function answeringContent(network: FakeNetwork, pages: ContentPage[] = [aPage()]): void {
  for (const page of pages)
    network.on('GET', `cms/pages/slug/${page.slug}`, { body: { status: 'success', page } });
  network.on('GET', 'help', { body: { status: 'success', categories: HELP } satisfies HelpResponse });
}
