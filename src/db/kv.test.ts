import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { set, createStore } from 'idb-keyval';
import { KV_DATABASE, KV_STORE, kvDel, kvGet, kvSet, type StoredConfig, type StoredSession } from './kv';

const session: StoredSession = {
  user: {
    user_id: 'u1',
    nickname: 'Robin',
    username: 'robin@example.org',
    avatar: null,
    roles: ['member'],
    permissions: { 'admin-users': ['r'] },
    auth_method: 'basic',
    social_provider: null,
    profile: null,
  },
  authToken: 'auth.2000000000',
  refreshToken: 'refresh.2100000000',
  clientToken: null,
};

const config: StoredConfig = {
  location: { location_id: 'us', name: 'United States of America' },
  species: ['Birds|IOC', 'Mammals|Large'],
  language: { language: 'English' },
  settings: {
    stats_visible_to_others: true,
    maps_show_lifer: true,
    maps_show_sightings: true,
    show_config_notice: true,
  },
};

afterEach(async () => {
  await kvDel('session');
  await kvDel('config');
});

describe('the key-value store', () => {
  it('lives in _ionicstorage / _ionickv', () => {
    expect([KV_DATABASE, KV_STORE]).toEqual(['_ionicstorage', '_ionickv']);
  });

  it('round-trips the session and the config', async () => {
    await kvSet('session', session);
    await kvSet('config', config);
    expect(await kvGet('session')).toEqual(session);
    expect(await kvGet('config')).toEqual(config);
  });

  it('reads a deleted key as absent', async () => {
    await kvSet('session', session);
    await kvDel('session');
    expect(await kvGet('session')).toBeUndefined();
  });

  it('reads a signed-out session (no user, only a client token)', async () => {
    const signedOut: StoredSession = { user: null, authToken: null, refreshToken: null, clientToken: 'c.1' };
    await kvSet('session', signedOut);
    expect(await kvGet('session')).toEqual(signedOut);
  });

  it('treats data of the wrong shape as absent instead of trusting it', async () => {
    // Written straight to IndexedDB, as an older version of the app or a damaged disk might have.
    const raw = createStore(KV_DATABASE, KV_STORE);
    await set('session', { user: { user_id: 42 }, authToken: 'x' }, raw);
    await set('config', 'not an object', raw);
    expect(await kvGet('session')).toBeUndefined();
    expect(await kvGet('config')).toBeUndefined();
  });
});
