// @vitest-environment happy-dom
/**
 * A table route no feature provides yet (a route SPEC adds before its feature is built) shows the
 * coming-soon page naming its feature, behind the route's guard — today every route has its page
 * (routeTable.test.ts), so this mounts the table with no feature pages at all.
 */
import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { labels } from '../labels';
import { formatMessage, messages } from '@contract/messages';
import { renderApp } from '../../test/renderApp';
import { AppPages } from './AppPages';
import { FEATURES } from './routeTable';

describe('a table route without its page', () => {
  it('is an honest coming-soon page naming the page and its feature', async () => {
    renderApp(<AppPages featureRoutes={[]} />, { route: '/species' });
    expect(await screen.findByRole('heading', { level: 1, name: labels.species })).toBeTruthy();
    expect(
      screen.getByText(formatMessage(messages.comingSoonBody, { feature: FEATURES.species.name })),
    ).toBeTruthy();
  });

  it('is still behind its guard', async () => {
    renderApp(<AppPages featureRoutes={[]} />, { route: '/admin-users' });
    expect(await screen.findByText(messages.notAuthorised)).toBeTruthy();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });
});
