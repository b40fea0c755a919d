// @vitest-environment happy-dom
/**
 * The module list (modules.ts) as the app loops over it: every route a module gives is a page of
 * the route table, every modal it registers renders from the modal host, and the synced
 * collections reach the sync engine exactly once each (the member ones in MEMBER_COLLECTIONS'
 * order, which the service worker's pass uses).
 */
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEMBER_COLLECTIONS, SPECIES_COLLECTION } from '../db/sync';
import { collectionsOf } from '../features/sync/syncEngine';
import { renderApp } from '../test/renderApp';
import type { FeatureRoute } from './featureModule';
import type { ModalName, ModalProps } from './modalRegistry';
import { APP_MODULES } from './modules';
import { ROUTE_TABLE } from './routes/routeTable';
import { modalRegistryOf } from './shell/ModalHost';
import { uiActions } from './uiSlice';
import { present } from '../test/present';

// A misspelt path does not compile (the type is checked by `tsc`, which covers this file).
// @ts-expect-error 'tripz' is not a path of the route table
const misspelt: FeatureRoute = { path: 'tripz', element: null };

const tablePaths = new Set(ROUTE_TABLE.map((entry) => entry.path));

/** Props for modals that need some to open; the others open with none. */
const sampleProps: Partial<{ [Name in ModalName]: ModalProps[Name] }> = {
  config: { section: 'all' },
  contentPage: { slug: 'terms-conditions' },
};

describe('the feature modules', () => {
  it('give only pages of the route table, each path once', async () => {
    expect(misspelt.path).toBe('tripz');
    const given = await Promise.all(APP_MODULES.map(async (module) => (await module.routes?.()) ?? []));
    const paths = given.flat().map((route) => `/${route.path}`);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(tablePaths, path).toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('register each modal name once', () => {
    const names = APP_MODULES.flatMap((module) => Object.keys(module.modals ?? {}));
    expect(new Set(names).size).toBe(names.length);
    expect([...modalRegistryOf(APP_MODULES).keys()].sort()).toEqual([...names].sort());
  });

  const modalNames = APP_MODULES.flatMap((module) => Object.keys(module.modals ?? {})) as ModalName[];
  it.each(modalNames)('render the modal %s from the registry', async (name) => {
    const { store } = renderApp(null);
    act(() => {
      store.dispatch(
        uiActions.modalOpened({ name, props: sampleProps[name] ?? {} } as Parameters<
          typeof uiActions.modalOpened
        >[0]),
      );
    });
    expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('bring every synced collection to the engine once, the member ones in the service worker order', async () => {
    const contributions = await Promise.all(
      APP_MODULES.flatMap((module) => (module.sync ? [module.sync()] : [])),
    );
    const collections = collectionsOf(contributions);
    expect(collections.map((collection) => collection.name)).toContain(SPECIES_COLLECTION);
    // The member-owned (writable) ones; the rest are read-only reference data (species, places).
    expect(
      collections
        .filter((collection) => collection.toData !== undefined)
        .map((collection) => collection.name),
    ).toEqual(MEMBER_COLLECTIONS.map((collection) => collection.name));
  });

  it('refuse a collection two modules sync', () => {
    const first = present(MEMBER_COLLECTIONS[0]);
    const twice = [{ collections: [first] }, { collections: [first] }];
    expect(() => collectionsOf(twice)).toThrow(/Two modules sync/);
  });
});
