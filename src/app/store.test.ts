import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { kvDel, kvGet, kvSet, type StoredConfig } from '../db/kv';
import { restoreConfig, restoreSession } from './boot';
import { configActions, defaultConfig } from './configSlice';
import { sessionActions } from './sessionSlice';
import { makeStore } from './store';
import { uiActions } from './uiSlice';
import { aLoginResponse } from '../test/factories';
import { eventually } from '../test/waits';

const answer = aLoginResponse({
  roles: ['member', 'admin'],
  permissions: { 'admin-users': ['r'] },
});

const options = { baseUrl: 'http://fieldmark.test/api/v1.0/', isOnline: () => true };

/** Waits for the persistence listener's write to land (it runs after the action, async). */
function stored<K extends 'session' | 'config'>(key: K, predicate: (value: unknown) => boolean) {
  return eventually(async () => {
    const value = await kvGet(key);
    if (!predicate(value)) throw new Error(`the ${key} was never stored as expected`);
    return value;
  });
}

afterEach(async () => {
  await kvDel('session');
  await kvDel('config');
});

describe('the session slice', () => {
  it('stores the member and the tokens on login, mapped from the answer', () => {
    const store = makeStore(undefined, { ...options, persist: false });
    store.dispatch(
      sessionActions.loggedIn({ response: answer, username: 'wren@example.org', method: 'basic' }),
    );
    expect(store.getState().session).toMatchObject({
      user: {
        user_id: 'u-1',
        nickname: 'Wren',
        username: 'wren@example.org',
        roles: ['member', 'admin'],
        permissions: { 'admin-users': ['r'] },
        auth_method: 'basic',
        social_provider: null,
        profile: null,
      },
      authToken: answer.auth_token,
      refreshToken: answer.refresh_token,
    });
  });

  it('ignores a rotated token that arrives after sign-out', () => {
    const store = makeStore(undefined, { ...options, persist: false });
    store.dispatch(sessionActions.authTokenRotated('late.4000000001'));
    expect(store.getState().session.authToken).toBeNull();
  });

  it('keeps the member and username when the session is refreshed', () => {
    const store = makeStore(undefined, { ...options, persist: false });
    store.dispatch(
      sessionActions.loggedIn({ response: answer, username: 'wren@example.org', method: 'basic' }),
    );
    store.dispatch(sessionActions.refreshed({ ...answer, auth_token: 'auth.2', refresh_token: 'refresh.2' }));
    expect(store.getState().session).toMatchObject({
      user: { username: 'wren@example.org' },
      authToken: 'auth.2',
      refreshToken: 'refresh.2',
    });
  });
});

describe('persistence to the key-value store', () => {
  it('writes the session on login and keeps only the client token on logout', async () => {
    const store = makeStore(undefined, options);
    store.dispatch(sessionActions.clientTokenIssued('client.4000000000'));
    store.dispatch(
      sessionActions.loggedIn({ response: answer, username: 'wren@example.org', method: 'basic' }),
    );
    await stored(
      'session',
      (value) => (value as { authToken?: string } | undefined)?.authToken === answer.auth_token,
    );

    store.dispatch(sessionActions.loggedOut());
    expect(
      await stored('session', (value) => (value as { user?: unknown } | undefined)?.user === null),
    ).toEqual({ user: null, authToken: null, refreshToken: null, clientToken: 'client.4000000000' });
  });

  it('writes the config when it is saved', async () => {
    const store = makeStore(undefined, options);
    const config: StoredConfig = { ...defaultConfig, species: ['Reptiles'] };
    store.dispatch(configActions.saved(config));
    expect(await stored('config', (value) => value !== undefined)).toEqual(config);
  });

  it('restores what was stored, at boot, without writing it back', async () => {
    await kvSet('session', { user: null, authToken: null, refreshToken: null, clientToken: 'client.1' });
    await kvSet('config', { ...defaultConfig, species: ['Amphibians'] });
    const store = makeStore(undefined, options);
    await restoreSession(store.dispatch);
    await restoreConfig(store.dispatch);

    expect(store.getState().session).toMatchObject({ clientToken: 'client.1', isRestored: true });
    expect(store.getState().config).toMatchObject({
      isStored: true,
      isRestored: true,
      config: { species: ['Amphibians'] },
    });
  });

  it('starts with the defaults when nothing was stored', async () => {
    const store = makeStore(undefined, options);
    await restoreSession(store.dispatch);
    await restoreConfig(store.dispatch);
    expect(store.getState().session).toMatchObject({ user: null, isRestored: true });
    expect(store.getState().config).toEqual({ config: defaultConfig, isStored: false, isRestored: true });
    expect(defaultConfig.species).toEqual(['Birds|IOC', 'Mammals|Large']);
    expect(defaultConfig.language).toEqual({ language: 'English' });
  });
});

describe('the ui slice', () => {
  it('chains modals by replacing the top one', () => {
    const store = makeStore(undefined, { ...options, persist: false });
    store.dispatch(uiActions.modalOpened({ name: 'login', props: {} }));
    store.dispatch(uiActions.modalReplaced({ name: 'forgotPassword', props: { email: 'a@b.c' } }));
    expect(store.getState().ui.modals.map((modal) => modal.name)).toEqual(['forgotPassword']);
  });

  it('does not stack the same request twice', () => {
    const store = makeStore(undefined, { ...options, persist: false });
    store.dispatch(uiActions.modalOpened({ name: 'resetPassword', props: { rid: 'r' } }));
    store.dispatch(uiActions.modalOpened({ name: 'resetPassword', props: { rid: 'r' } }));
    expect(store.getState().ui.modals).toHaveLength(1);
  });

  it('gives toasts the spec durations by severity', () => {
    const store = makeStore(undefined, { ...options, persist: false });
    const duration = (severity: 'success' | 'info' | 'warning' | 'error') => {
      store.dispatch(uiActions.toastShown({ severity, message: 'm' }));
      return store.getState().ui.toast?.durationMs;
    };
    expect([duration('info'), duration('warning'), duration('error'), duration('success')]).toEqual([
      3000, 3000, 10000, 1000,
    ]);
  });

  it('lets a newer toast survive the dismissal of the one it replaced', () => {
    const store = makeStore(undefined, { ...options, persist: false });
    store.dispatch(uiActions.toastShown({ severity: 'info', message: 'first' }));
    const first = store.getState().ui.toast?.id ?? '';
    store.dispatch(uiActions.toastShown({ severity: 'info', message: 'second' }));
    store.dispatch(uiActions.toastDismissed(first));
    expect(store.getState().ui.toast?.message).toBe('second');
  });

  it('holds only serializable data', () => {
    const store = makeStore(undefined, { ...options, persist: false });
    store.dispatch(uiActions.modalOpened({ name: 'register', props: {} }));
    store.dispatch(uiActions.toastShown({ severity: 'info', message: 'm' }));
    expect(JSON.parse(JSON.stringify(store.getState()))).toEqual(store.getState());
  });
});

describe('the RTK Query cache', () => {
  it('is injected when its code loads and dropped on sign-out', async () => {
    const { api } = await import('../api/api');
    const store = makeStore(undefined, { ...options, persist: false });
    store.dispatch(
      sessionActions.loggedIn({ response: answer, username: 'wren@example.org', method: 'basic' }),
    );
    // RTK Query's thunks are typed for a store where `api` always exists; here it is injected.
    const dispatch = store.dispatch as (action: unknown) => unknown;
    dispatch(api.util.upsertQueryData('getUser', { id: 'u-1' }, { status: 'success', profile: {} as never }));
    expect(Object.keys(store.getState().api?.queries ?? {})).toHaveLength(1);

    store.dispatch(sessionActions.loggedOut());
    expect(Object.keys(store.getState().api?.queries ?? {})).toHaveLength(0);
  });
});
