// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@contract/messages';
import { product } from '@config/product';
import { defaultConfig } from '../configSlice';
import { aSignedInSession } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { AppRoutes } from '../router';
import { present } from '../../test/present';

const westernCape = { location_id: 'ZAF-1189', name: 'Western Cape', parent_location: [] };

describe('the welcome page', () => {
  it('shows a guest what the app does and the ways in', async () => {
    renderApp(<AppRoutes />, { route: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: messages.welcomeFeaturesTitle })).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.welcomeCreateAccount })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: messages.welcomeNextStepsTitle })).toBeNull();
  });

  it('shows a signed-in member the next steps, each leading to its page', async () => {
    const { store } = renderApp(<AppRoutes />, {
      route: '/',
      preloadedState: {
        session: aSignedInSession(),
        config: { config: { ...defaultConfig, location: westernCape }, isStored: true, isRestored: true },
      },
    });
    const steps = present(
      (await screen.findByRole('heading', { level: 2, name: messages.welcomeNextStepsTitle })).closest(
        'section',
      ),
    );
    expect(screen.getByText(formatMessage(messages.welcomeSignedIn, { nickname: 'Wren' }))).toBeTruthy();
    expect(
      within(steps).getByRole('link', { name: messages.welcomeStepRecordAction }).getAttribute('href'),
    ).toBe('/species-observation');
    expect(
      within(steps).getByRole('link', { name: messages.welcomeStepSpeciesAction }).getAttribute('href'),
    ).toBe('/species');
    expect(
      within(steps).getByText(formatMessage(messages.welcomeStepRegionHint, { region: 'Western Cape' })),
    ).toBeTruthy();

    fireEvent.click(within(steps).getByRole('button', { name: messages.welcomeStepRegionChange }));
    expect(store.getState().ui.modals.at(-1)).toMatchObject({
      name: 'config',
      props: { section: 'location', showBack: true },
    });
    expect(screen.queryByRole('button', { name: messages.welcomeCreateAccount })).toBeNull();
  });

  it('asks a member without a region yet to choose one', async () => {
    renderApp(<AppRoutes />, { route: '/', preloadedState: { session: aSignedInSession() } });
    expect(await screen.findByText(messages.welcomeStepRegionNone)).toBeTruthy();
  });
});
