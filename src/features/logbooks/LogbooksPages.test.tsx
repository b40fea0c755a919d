// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { labels } from '../../app/labels';
import { logbookTexts } from '@contract/logbookTexts';
import type { OwnedLogbook } from '@contract/logbooks';
import { formatMessage, messages } from '@contract/messages';
import { db } from '../../db/db';
import { aSignedInSession } from '../../test/factories';
import { fakeNetwork, type FakeAnswer, type FakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { aSighting, localSeconds, resetMemberData, WESTERN_CAPE } from '../../test/sightings';
import { deleteObservation, recordObservation } from '../observations/observationsRepo';
import { demoSpecies } from '../species/testSpecies';
import { LogbookPage } from './LogbookPage';
import { LogbooksOverviewPage } from './LogbooksOverviewPage';
import { LogbooksPage } from './LogbooksPage';
import { keepLogbook } from './logbooksStore';
import { present } from '../../test/present';

const signedIn = aSignedInSession();
const WREN = present(signedIn.user).user_id;
const PRODUCT = '6f1d2c3b-4a59-4e6f-8a7b-0c1d2e3f4a01';
const elephant = demoSpecies('Loxodonta africana');
const sable = demoSpecies('Hippotragus leucophaeus');
const eagle = demoSpecies('Haliaeetus leucocephalus');

const owned: OwnedLogbook = {
  product_id: PRODUCT,
  name: 'Larger mammals of South Africa',
  description: 'Demo.',
  images: [],
  location_id: 'ZAF',
  classification: 'mammals-larger',
  species_total: 2,
  user_logbook_id: 'ul-1',
  user_id: WREN,
  activation_code: 'ABCD-EFGH-JKMN',
  seen: 0,
};
const checklist = [elephant, sable].map((s) => ({
  species_id: s.id,
  name: s.name,
  scientific_name: s.scientific_name,
  family: s.family,
}));

function logbookNetwork(ownedNow: OwnedLogbook[] = [owned]): FakeNetwork {
  const network = fakeNetwork();
  network.on('GET', 'logbooks/owned', { body: { status: 'success', logbooks: ownedNow } });
  network.on('GET', `logbooks/download/${PRODUCT}`, {
    body: { status: 'success', logbook: owned, species: checklist, ticks: [] },
  });
  network.on('GET', `logbooks/refresh/${PRODUCT}`, {
    body: { status: 'success', logbook: owned, ticks: [] },
  });
  network.on('GET', 'logbooks', {
    body: {
      status: 'success',
      logbooks: [{ ...owned, product_id: 'p-2', name: 'Birds of the United States' }],
    },
  });
  return network;
}

function renderAt(route: string, network = logbookNetwork(), isOnline = true) {
  return renderApp(
    <Routes>
      <Route path="/logbooks" element={<LogbooksPage />} />
      <Route path="/logbooks/overview" element={<LogbooksOverviewPage />} />
      <Route path="/logbook/:product_id" element={<LogbookPage />} />
    </Routes>,
    { route, network, preloadedState: { session: signedIn, network: { isOnline } } },
  );
}

async function rows(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', {
    name: formatMessage(logbookTexts.checklist, { name: owned.name }),
  });
  return within(list).queryAllByRole('listitem');
}

beforeAll(async () => {
  await import('./pages');
});

beforeEach(async () => {
  await resetMemberData(db, [elephant, sable, eagle]);
  await Promise.all([db.logbooks.clear(), db.collection_marks.clear()]);
});

describe('/logbooks', () => {
  it('downloads the member’s logbooks and shows their progress from the sightings on the device', async () => {
    await recordObservation(db, WREN, aSighting(elephant, localSeconds(2026, 3, 2)));
    await recordObservation(db, WREN, aSighting(eagle, localSeconds(2026, 3, 3)));
    renderAt('/logbooks');
    const list = await screen.findByRole('list', { name: logbookTexts.myList });
    await waitFor(() => {
      expect(list.textContent).toContain(formatMessage(logbookTexts.progress, { seen: 1, total: 2 }));
    });
    expect(await db.logbooks.get([WREN, PRODUCT])).toMatchObject({ species: checklist });
    cleanup();

    // Offline: the device's copy, and a sighting saved now counts at once.
    renderAt('/logbooks', fakeNetwork(), false);
    const again = await screen.findByRole('list', { name: logbookTexts.myList });
    await recordObservation(db, WREN, aSighting(sable, localSeconds(2026, 3, 4)));
    await waitFor(() => {
      expect(again.textContent).toContain(formatMessage(logbookTexts.progress, { seen: 2, total: 2 }));
    });
  });

  it('sends a member whose server has no logbook for them to the overview', async () => {
    renderAt('/logbooks', logbookNetwork([]));
    expect(await screen.findByRole('heading', { level: 1, name: labels.logbooksOverview })).toBeTruthy();
  });
});

describe('/logbook/:product_id', () => {
  it('ticks seen species with first date, count and place; filters; records from a row', async () => {
    await recordObservation(
      db,
      WREN,
      aSighting(elephant, localSeconds(2026, 3, 9), { location: WESTERN_CAPE }),
    );
    await recordObservation(db, WREN, aSighting(elephant, localSeconds(2026, 3, 12)));
    const gone = await recordObservation(db, WREN, aSighting(sable, localSeconds(2026, 3, 1)));
    await deleteObservation(db, WREN, gone.id);
    renderAt(`/logbook/${PRODUCT}`);

    await waitFor(async () => {
      expect((await rows())[0]?.textContent).toContain('Western Cape, South Africa');
    });
    const [first, second] = await rows();
    expect(first?.textContent).toContain(formatMessage(logbookTexts.timesSeen, { count: 2 }));
    expect(second?.textContent).toContain(logbookTexts.notSeen);
    const record = within(present(second, 'a second row')).getByRole('link', {
      name: formatMessage(logbookTexts.recordOf, { name: sable.name }),
    });
    expect(record.getAttribute('href')).toBe(`/species-observation/${encodeURIComponent(sable.id)}`);

    fireEvent.click(screen.getByRole('button', { name: logbookTexts.filterNotYet }));
    await waitFor(async () => {
      expect((await rows()).map((row) => row.textContent)).toEqual([expect.stringContaining(sable.name)]);
    });
    await recordObservation(db, WREN, aSighting(sable, localSeconds(2026, 3, 20)));
    expect(await screen.findByText(logbookTexts.emptyFilter)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: logbookTexts.filterSeen }));
    expect(await rows()).toHaveLength(2);
  });

  it('offline, the PDF button says it needs the network and asks nothing', async () => {
    await keepLogbook(db, { ...owned, species: checklist, ticks: [] });
    const network = fakeNetwork();
    renderAt(`/logbook/${PRODUCT}`, network, false);
    const button = await screen.findByRole('button', { name: logbookTexts.pdfDownload });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(logbookTexts.pdfOffline);
    fireEvent.click(button);
    expect(network.sent.filter((r) => r.path.startsWith('logbooks/download'))).toEqual([]);
  });

  it('online, downloads the server’s PDF with the member’s token and saves it under its name', async () => {
    const network = logbookNetwork();
    network.on('GET', `logbooks/download/${PRODUCT}`, (request) =>
      request.path.includes('format=pdf')
        ? {
            body: '%PDF-1.7',
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="larger-mammals-2026-11-29.pdf"',
            },
          }
        : { body: { status: 'success', logbook: owned, species: checklist, ticks: [] } },
    );
    // The browser's save (the boundary): which file an anchor click would save, and its bytes.
    const saved: { name: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
    try {
      renderAt(`/logbook/${PRODUCT}`, network);
      fireEvent.click(await screen.findByRole('button', { name: logbookTexts.pdfDownload }));
      expect(
        await screen.findByText(
          formatMessage(logbookTexts.pdfSaved, { file: 'larger-mammals-2026-11-29.pdf' }),
        ),
      ).toBeTruthy();
      const sent = present(
        network.sent.find((r) => r.path.includes('format=pdf')),
        'the PDF request',
      );
      expect(sent.path).toMatch(new RegExp(`^logbooks/download/${PRODUCT}\\?format=pdf&tz=[\\w%/+-]+$`));
      expect(sent.authorization).toBe(`Bearer ${signedIn.authToken}`);
      expect(saved.map((file) => file.name)).toEqual(['larger-mammals-2026-11-29.pdf']);
      expect(saved[0]?.href).toMatch(/^blob:/);
    } finally {
      click.mockRestore();
    }
  });

  it('says a logbook the member does not own is not theirs', async () => {
    const network = logbookNetwork([]);
    renderAt(`/logbook/${PRODUCT}`, network);
    expect(await screen.findByText(logbookTexts.notOwned)).toBeTruthy();
  });
});

describe('/logbooks/overview', () => {
  it('lists the logbooks on sale with a link to the shop', async () => {
    renderAt('/logbooks/overview', logbookNetwork([]));
    const link = await screen.findByRole('link', {
      name: formatMessage(logbookTexts.seeInShop, { name: 'Birds of the United States' }),
    });
    expect(link.getAttribute('href')).toBe('/product/p-2');
  });

  it('activates a code: a malformed one on the device, the server’s reason, then success', async () => {
    const network = logbookNetwork([]);
    let answer: FakeAnswer = { status: 409, body: { status: 'failed', reason: messages.activationCodeUsed } };
    network.on('PUT', 'logbooks/activate', () => answer);
    renderAt('/logbooks/overview', network);
    const field = await screen.findByLabelText(logbookTexts.activateField);
    const submit = screen.getByRole('button', { name: logbookTexts.activate });

    fireEvent.change(field, { target: { value: 'abc' } });
    fireEvent.click(submit);
    expect(await screen.findByText('codes look like ABCD-EFGH-JKMN (letters and digits).')).toBeTruthy();
    expect(network.sent.some((r) => r.path === 'logbooks/activate')).toBe(false);

    fireEvent.change(field, { target: { value: 'abcd efgh jkmn' } });
    fireEvent.click(submit);
    expect(await screen.findByText('this code has already been used.')).toBeTruthy();
    expect(network.sent.find((r) => r.path === 'logbooks/activate')?.body).toEqual({
      activation_code: 'ABCD-EFGH-JKMN',
    });

    answer = { status: 200, body: { status: 'success', logbook: owned } };
    fireEvent.change(field, { target: { value: 'ABCD-EFGH-JKMP' } });
    fireEvent.click(submit);
    expect(await screen.findByText(formatMessage(logbookTexts.activated, { name: owned.name }))).toBeTruthy();
    await waitFor(async () => {
      expect(await db.logbooks.get([WREN, PRODUCT])).toBeTruthy();
    });
  });

  it('offline, says activating and the shop need a network', async () => {
    renderAt('/logbooks/overview', fakeNetwork(), false);
    expect(await screen.findByText(logbookTexts.onSaleOffline)).toBeTruthy();
    expect(screen.getByText(logbookTexts.activateOffline)).toBeTruthy();
  });
});
