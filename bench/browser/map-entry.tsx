/**
 * The browser half of `npm run bench:map` (bench/map.ts builds this page with Vite and serves it to
 * headless Chromium, which it traces). It runs the app's own pieces: `useSightingTiles` (the
 * sightings' worker reads IndexedDB and clusters) and the `SightingsMap` component drawing the
 * worker's tiles. A run starts the map with nothing to draw and waits for its first 'idle' (style
 * init, not measured), then asks for the member's sightings: the load (read and clustering in the
 * worker) until the totals arrive, then the map until it is idle with them. It answers both times
 * and the page's PerformanceObserver 'longtask' durations in that window; performance marks bound
 * the window in the trace. The floor, Supercluster.load() of the same points, runs in
 * cluster-floor-worker.ts.
 */
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Dexie } from 'dexie';
import { FieldmarkDB } from '../../src/db/FieldmarkDB';
import { SightingsMap } from '../../src/features/map/SightingsMap';
import { useSightingTiles } from '../../src/features/map/useSightingTiles';
import { BENCH_USER, syntheticRows } from './syntheticSightings';

const DB_NAME = 'bench-map';
/** The empty map's database: the same read, of nothing. */
const EMPTY_DB_NAME = 'bench-map-empty';
const ALL = { lifers: true, others: true };
/** The map starts on the whole world (no fitting), so both runs draw the same view. */
const WORLD = { longitude: 10, latitude: 25, zoom: 1 };

async function seed(count: number): Promise<number> {
  await Dexie.delete(EMPTY_DB_NAME);
  const empty = new FieldmarkDB(EMPTY_DB_NAME);
  await empty.open();
  empty.close();
  await Dexie.delete(DB_NAME);
  const database = new FieldmarkDB(DB_NAME);
  const rows = syntheticRows(count);
  for (let start = 0; start < rows.length; start += 5000) {
    await database.species_observations.bulkPut(rows.slice(start, start + 5000));
  }
  const stored = await database.species_observations.count();
  database.close();
  return stored;
}

let setDatabase: (name: string | null) => void = () => undefined;
let onLoaded: (count: number) => void = () => undefined;

function Harness() {
  const [database, set] = useState<string | null>(null);
  setDatabase = set;
  // No user until the run asks: the map starts empty; then the member's sightings of `database`.
  const sightings = useSightingTiles(
    database === null ? null : BENCH_USER,
    null,
    ALL,
    database ?? EMPTY_DB_NAME,
  );
  const drawn = sightings === 'failed' ? undefined : sightings;
  if (database !== null && drawn?.tiles) onLoaded(drawn.count);
  return <SightingsMap sightings={drawn} label="Bench map" camera={WORLD} />;
}

/** Resolves when the map's element says `state` with `count` points. */
function mapSays(element: HTMLElement, state: string, count: number): Promise<void> {
  const isDone = () => element.dataset.mapState === state && element.dataset.sightings === String(count);
  return new Promise((resolve) => {
    if (isDone()) return resolve();
    const observer = new MutationObserver(() => {
      if (!isDone()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(element, { attributes: true });
  });
}

async function run(withSightings: boolean) {
  const host = document.getElementById('root');
  if (!host) throw new Error('no #root');
  const root = createRoot(host);
  flushSync(() => root.render(<Harness />));
  const element = host.querySelector<HTMLElement>('[data-map-state]');
  if (!element) throw new Error('the map did not render');
  // Style init: the map starts and goes idle once, empty; not counted.
  await mapSays(element, 'idle', 0);

  const longTasks: { startTime: number; duration: number }[] = [];
  const taskObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  });
  taskObserver.observe({ type: 'longtask' });

  const started = performance.now();
  performance.mark('bench-read-start');
  let read = 0;
  const count = await new Promise<number>((resolve) => {
    onLoaded = (loaded) => {
      onLoaded = () => undefined;
      read = performance.now();
      performance.mark('bench-read-end');
      resolve(loaded);
    };
    setDatabase(withSightings ? DB_NAME : EMPTY_DB_NAME);
  });
  // The component marks the map 'loading' as it switches to the tiles, then 'idle' once drawn.
  await mapSays(element, 'loading', count);
  await mapSays(element, 'idle', count);
  const idle = performance.now();
  performance.mark('bench-idle');
  // Entries are delivered after the task: give the observers a turn.
  await new Promise((resolve) => setTimeout(resolve, 100));
  taskObserver.disconnect();
  root.unmount();

  const inWindow = longTasks
    .filter((task) => task.startTime + task.duration > started && task.startTime < idle)
    .map((task) => Math.round(task.duration));
  return {
    points: count,
    readMs: read - started,
    mapMs: idle - read,
    longTasks: inWindow,
  };
}

function clusterFloor(count: number): Promise<number> {
  const worker = new Worker(new URL('./cluster-floor-worker.ts', import.meta.url), { type: 'module' });
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ ms: number }>) => {
      worker.terminate();
      resolve(event.data.ms);
    };
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ count });
  });
}

declare global {
  interface Window {
    fieldmarkMapBench: { seed: typeof seed; run: typeof run; clusterFloor: typeof clusterFloor };
  }
}
window.fieldmarkMapBench = { seed, run, clusterFloor };
