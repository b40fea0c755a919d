// @vitest-environment happy-dom
/**
 * /general-help[/{category}] as the app renders it; the network is a stand-in and the device's copy
 * of the help lives in fake-indexeddb, emptied before each test.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/router';
import { apiCalls, fakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { clearSavedContent, savedHelp } from './contentStore';
import { contentTexts } from './contentTexts';
import { answeringContent, HELP } from './testContent';

beforeEach(async () => {
  await clearSavedContent();
});

function openHelp(route: string, online = true) {
  const network = fakeNetwork();
  answeringContent(network);
  renderApp(<AppRoutes />, { route, network, preloadedState: { network: { isOnline: online } } });
  return network;
}

const topicButton = (name: string) => screen.getByRole('button', { name });

describe('the help', () => {
  it('lists the subjects with their topics, from one call that brings every topic', async () => {
    const network = openHelp('/general-help');
    expect(await screen.findByRole('heading', { level: 1, name: contentTexts.helpTitle })).toBeTruthy();
    const subjects = await screen.findByRole('list', { name: contentTexts.helpSubjects });
    expect(within(subjects).getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe(
      '/general-help/privacy',
    );
    expect(
      within(subjects).getByRole('link', { name: 'Hiding where a sighting was' }).getAttribute('href'),
    ).toBe('/general-help/privacy?topic=hidden-coordinates');
    expect(apiCalls(network)).toEqual(['GET help?include_content=true']);
    await waitFor(async () => {
      expect((await savedHelp())?.value).toEqual(HELP);
    });
  });

  it('opens a topic from the list on its subject page', async () => {
    openHelp('/general-help');
    fireEvent.click(await screen.findByRole('link', { name: 'Hiding where a sighting was' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeTruthy();
    expect(topicButton('Hiding where a sighting was').getAttribute('aria-expanded')).toBe('true');
    expect(topicButton('Public and private sightings').getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Hide coordinate')).toBeTruthy();
  });

  it('opens and closes the topics of a subject page', async () => {
    openHelp('/general-help/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy' });
    expect(screen.getByRole('heading', { level: 2, name: 'Public and private sightings' })).toBeTruthy();
    expect(screen.queryByText(/is seen only by you/)).toBeNull();
    fireEvent.click(topicButton('Public and private sightings'));
    expect(await screen.findByText(/is seen only by you/)).toBeTruthy();
    fireEvent.click(topicButton('Hiding where a sighting was'));
    await waitFor(() => {
      expect(topicButton('Public and private sightings').getAttribute('aria-expanded')).toBe('false');
    });
    expect(screen.getByRole('link', { name: contentTexts.helpAllSubjects }).getAttribute('href')).toBe(
      '/general-help',
    );
  });

  it('says so for a subject that does not exist', async () => {
    openHelp('/general-help/no-such-subject');
    expect(await screen.findByText(contentTexts.helpNoSuchSubject)).toBeTruthy();
  });

  it('offline, every help page opens from the copy one online visit saved', async () => {
    openHelp('/general-help');
    await screen.findByRole('list', { name: contentTexts.helpSubjects });
    await waitFor(async () => {
      expect(await savedHelp()).toBeDefined();
    });
    cleanup();

    const network = openHelp('/general-help/recording?topic=record-offline', false);
    expect(await screen.findByText(contentTexts.contentOfflineCopy)).toBeTruthy();
    expect(screen.getByText('Everything you record is saved on your device first.')).toBeTruthy();
    expect(apiCalls(network)).toEqual([]);
  });

  it('searches every topic by title, subject and text, and links to the topic found', async () => {
    openHelp('/general-help');
    const search = await screen.findByRole('searchbox', { name: contentTexts.helpSearch });
    fireEvent.change(search, { target: { value: 'COORDINATE' } });
    const found = await screen.findByRole('list', { name: contentTexts.helpSearchResults });
    expect(
      within(found)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/general-help/privacy?topic=hidden-coordinates']);
    expect(screen.queryByRole('list', { name: contentTexts.helpSubjects })).toBeNull();

    fireEvent.change(search, { target: { value: 'sighting privacy' } });
    await waitFor(() => {
      expect(
        within(screen.getByRole('list', { name: contentTexts.helpSearchResults }))
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Public and private sightings', 'Hiding where a sighting was']);
    });

    fireEvent.change(search, { target: { value: 'zebra' } });
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'No help topic matches “zebra”.');
    fireEvent.change(search, { target: { value: '' } });
    expect(await screen.findByRole('list', { name: contentTexts.helpSubjects })).toBeTruthy();
  });

  it('searches offline, in the copy one online visit saved', async () => {
    openHelp('/general-help');
    await screen.findByRole('list', { name: contentTexts.helpSubjects });
    await waitFor(async () => {
      expect(await savedHelp()).toBeDefined();
    });
    cleanup();

    const network = openHelp('/general-help?q=signal', false);
    const found = await screen.findByRole('list', { name: contentTexts.helpSearchResults });
    expect(within(found).getByRole('link', { name: 'Recording without a signal' })).toBeTruthy();
    expect(apiCalls(network)).toEqual([]);
  });

  it('offline and never opened online, says it is not on this device yet', async () => {
    openHelp('/general-help', false);
    expect(await screen.findByText(contentTexts.helpNotSavedBody)).toBeTruthy();
  });
});
