import 'fake-indexeddb/auto';
import { clear, createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { guestApi } from '../../test/guestApi';
import {
  ADS_DATABASE,
  ADS_VIEWS_STORE,
  flushViews,
  queuedViews,
  recordView,
  type QueuedView,
} from './viewQueue';

const AD = '3c9a1f0e-2b4d-4e6f-8a1b-2c3d4e5f6a7b';

function aView(extra: Partial<QueuedView> = {}): QueuedView {
  return {
    ad_id: AD,
    view_id: 'view-1',
    views: 1,
    view_time: 2_000,
    first_view: 1_800_000_000,
    last_view: 1_800_000_002,
    clicked: false,
    ...extra,
  };
}

const clientOf = (network: FakeNetwork) => guestApi(network.fetch);

beforeEach(async () => {
  await clear(createStore(ADS_DATABASE, ADS_VIEWS_STORE));
});

describe('ad views kept on the device', () => {
  it('merges totals by the larger value, so a bare click never lowers a view', async () => {
    await recordView(aView({ views: 3, view_time: 9_000 }));
    await recordView(
      aView({ views: 0, view_time: 0, first_view: 1_800_000_100, last_view: 1_800_000_100, clicked: true }),
    );
    expect(await queuedViews()).toEqual([
      aView({ views: 3, view_time: 9_000, last_view: 1_800_000_100, clicked: true }),
    ]);
  });

  it('keeps what the server did not take, drops what it refused for good, and sends each view once per flush', async () => {
    const network = fakeNetwork();
    network.on('PUT', `ads/${AD}/view/gone`, {
      status: 404,
      body: { status: 'failed', reason: 'There is no such ad' },
    });
    network.on('PUT', `ads/${AD}/view/busy`, { status: 503, body: { status: 'failed', reason: 'Busy' } });
    network.on('PUT', `ads/${AD}/view/view-1`, { body: { status: 'success' } });
    await recordView(aView({ view_id: 'gone' }));
    await recordView(aView({ view_id: 'view-1' }));
    await recordView(aView({ view_id: 'busy' }));
    const client = clientOf(network);
    await Promise.all([flushViews(client), flushViews(client)]);
    const puts = network.sent.filter((request) => request.method === 'PUT').map((request) => request.path);
    // Keys in order: busy stops the flush (the server is unwell), so the rest waits too.
    expect(puts).toEqual([`ads/${AD}/view/busy`]);
    expect((await queuedViews()).map((view) => view.view_id)).toEqual(['busy', 'gone', 'view-1']);

    network.on('PUT', `ads/${AD}/view/busy`, { body: { status: 'success' } });
    await flushViews(client);
    expect(await queuedViews()).toEqual([]);
    expect(network.sent.filter((request) => request.path === `ads/${AD}/view/view-1`)).toHaveLength(1);
    expect(network.sent.find((request) => request.path === `ads/${AD}/view/view-1`)?.body).toEqual({
      views: 1,
      view_time: 2_000,
      first_view: 1_800_000_000,
      last_view: 1_800_000_002,
      clicked: false,
    });
  });

  it('keeps a view whose totals grew while it was being sent', async () => {
    const network = fakeNetwork();
    await recordView(aView());
    network.on('PUT', `ads/${AD}/view/view-1`, () => {
      // Its readwrite transaction starts now, so the flush's later read of the entry waits for it.
      void recordView(aView({ views: 2, view_time: 5_000 }));
      return { body: { status: 'success' } };
    });
    await flushViews(clientOf(network));
    // Only what was sent is settled: the grown totals wait on the device for the next flush.
    await expect.poll(async () => (await queuedViews())[0]?.views).toBe(2);
  });
});
