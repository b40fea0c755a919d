/**
 * The start-up sequence in SPEC order (§4 "Startup", ARCHITECTURE.md "The client"): platform ready
 * → session restored → configuration restored → local database open. main.tsx renders only after
 * it. A failing step is logged and the next one still runs (SPEC §8 "Bootstrap failure is
 * logged"): an app without its stored session is better than a blank page.
 *
 * The local database step follows the spec's split: "On native, wait for the local database to be
 * ready. On web, resolve right after configuration." Installed (PWA, TWA, iOS shell) is our
 * native: it waits. In a browser tab the database opens on first use (Dexie opens itself), so a
 * visitor of the welcome page never downloads Dexie (~31 KB gzip of the 150 KB first-route budget).
 */
import type { Dispatch } from '@reduxjs/toolkit';
import { kvGet } from '../db/kv';
import { isInstalledApp } from '../lib/platform';
import { configActions } from './configSlice';
import { networkActions } from './networkSlice';
import { sessionActions } from './sessionSlice';

/** The web platform is ready once the document has been parsed. */
export function platformReady(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    document.addEventListener(
      'DOMContentLoaded',
      () => {
        resolve();
      },
      { once: true },
    );
  });
}

export async function restoreSession(dispatch: Dispatch): Promise<void> {
  dispatch(sessionActions.restored((await kvGet('session')) ?? null));
}

export async function restoreConfig(dispatch: Dispatch): Promise<void> {
  dispatch(configActions.restored((await kvGet('config')) ?? null));
}

async function step(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    console.error(`Start-up step '${name}' failed`, error);
  }
}

export async function openLocalDatabase(): Promise<void> {
  const { db } = await import('../db/db');
  await db.open();
}

/** SPEC "native": the installed app rather than a browser tab. */
export function runsAsInstalledApp(): boolean {
  return isInstalledApp({
    userAgent: navigator.userAgent,
    isStandalone: window.matchMedia('(display-mode: standalone)').matches,
    referrer: document.referrer,
  });
}

export interface BootOptions {
  /** Wait for the local database before rendering (native); see the module comment. */
  awaitLocalDatabase: boolean;
}

export async function boot(dispatch: Dispatch, { awaitLocalDatabase }: BootOptions): Promise<void> {
  await step('platform', platformReady);
  await step('session', () => restoreSession(dispatch));
  await step('config', () => restoreConfig(dispatch));
  if (awaitLocalDatabase) await step('local database', openLocalDatabase);
}

/** Mirrors the browser's online/offline events into the store; returns the unsubscribe. */
export function watchNetwork(dispatch: Dispatch): () => void {
  if (!navigator.onLine) dispatch(networkActions.wentOffline());
  const online = () => dispatch(networkActions.wentOnline());
  const offline = () => dispatch(networkActions.wentOffline());
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}
