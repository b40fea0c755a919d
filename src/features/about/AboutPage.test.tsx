// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { labels } from '../../app/labels';
import { renderApp } from '../../test/renderApp';
import { version } from '../../../package.json';
import { aboutTexts } from './aboutTexts';
import { PLACE_SOURCES, SPECIES_SOURCES } from './dataSources';
import { aboutRoutes } from './routes';

describe('the About page', () => {
  it('shows the version, the licence and every data source with its attribution', async () => {
    renderApp(
      <Routes>
        {aboutRoutes.map((entry) => (
          <Route key={entry.path} path={entry.path} element={entry.element} />
        ))}
      </Routes>,
      { route: '/about' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: labels.about })).toBeTruthy();
    expect(screen.getByText(`Version ${version}`)).toBeTruthy();
    expect(screen.getByText('Fieldmark is open-source software under the MIT licence.')).toBeTruthy();

    const sources = screen.getByRole('region', { name: aboutTexts.aboutDataSources });
    const items = within(sources).getAllByRole('listitem');
    expect(items).toHaveLength(SPECIES_SOURCES.length + PLACE_SOURCES.length);
    for (const source of [...SPECIES_SOURCES, ...PLACE_SOURCES]) {
      const item = items.find((candidate) => within(candidate).queryByRole('heading', { name: source.name }));
      expect(item, source.name).toBeTruthy();
      if (source.attribution) expect(item?.textContent).toContain(source.attribution);
    }
    expect(sources.textContent).toContain('Made with Natural Earth.');
    expect(sources.textContent).toContain(
      'This site or product includes IP2Location LITE data available from https://lite.ip2location.com',
    );
  });
});
