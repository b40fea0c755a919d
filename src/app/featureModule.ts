/**
 * What a domain gives the app, as one object exported from `src/features/<domain>/index.ts` and
 * listed once in src/app/modules.ts. The app loops over that list: the router takes the routes,
 * the modal host the modals, the store the listeners and the sync engine's collections, main.tsx
 * the start-up hooks, the route guard the guard contributions. Nothing in src/app names a domain.
 *
 * Everything a module names statically is first-route JavaScript (the router imports every
 * index.ts): its routes, synced collections and guards are loaders, dialogs lazy components.
 */
import type { Dispatch } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import type { SyncableCollection, SyncEvent } from '../db/sync';
import type { ModalRegistry } from './modalRegistry';
import type { RootState } from './reducer';
import type { PagePath } from './routes/routeTable';
import type { AppStartListening, AppThunkDispatch } from './thunk';

/** A page of the route table (a misspelt path is a type error) and its element, usually lazy. */
export interface FeatureRoute {
  path: PagePath;
  element: ReactNode;
}

/** What a module's start-up hook gets: the store, and how the app was opened. */
export interface StartupStore {
  getState: () => RootState;
  dispatch: AppThunkDispatch;
}

export interface StartupContext {
  /** The path the app was opened at, before the router redirected anything. */
  startPath: string;
  /** Whether it runs as the installed app (not a browser tab). */
  isInstalledApp: boolean;
}

/** A domain's synced collections (src/db/sync descriptors), and what it reports of their syncs. */
export interface SyncContribution {
  collections: readonly SyncableCollection[];
  /** Every engine event (any collection's): the domain picks its own, e.g. to drive a popup. */
  onEvent?: (event: SyncEvent, dispatch: Dispatch) => void;
}

/** Loads a module's sync contribution: with the sync code, never on the first route. */
export type SyncSource = () => Promise<SyncContribution>;

export interface FeatureModule {
  /** The domain's folder name, for messages and tests. */
  name: string;
  /**
   * Loads its pages, by route-table path: with the route table (`() => import('./routes')`), so a
   * first visit to '' downloads no domain's route objects.
   */
  routes?: () => Promise<readonly FeatureRoute[]>;
  /** Its dialogs by modal name; the kinds are declared on `ModalProps` (modalRegistry.ts). */
  modals?: ModalRegistry;
  /** Store reactions, started once per store (`makeStore`). */
  listeners?: (startListening: AppStartListening) => void;
  /** Run once after the first render (main.tsx), in the order of the module list. */
  start?: (store: StartupStore, context: StartupContext) => void;
  /** Its synced collections, registered with the app's sync engine. */
  sync?: SyncSource;
  /**
   * Loads what it adds to the route guards (SPEC §5): with the lazy route table, never on the first
   * route (a guard hook reads Dexie).
   */
  guards?: () => Promise<GuardContribution>;
}

export interface GuardContribution {
  /** Whether the signed-in member owns a logbook; a React hook, called on every guarded render. */
  useHasLogbook?: () => boolean;
}
