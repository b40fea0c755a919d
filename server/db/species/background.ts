/**
 * The start-up seed of the world species lists (issue 21), run in the background so that a first
 * start answers at once: the species files are built in a worker thread (load-worker.ts; several
 * seconds of CPU) and written in chunks of 2,000 species, one transaction each, so requests pass
 * between them. While it runs, `SpeciesSeedStatus.loading` says how far it is and the species
 * calls answer it (`loading`), with the species already stored. A seed stopped half-way (the
 * process ended) resumes at the next start: it records its checksum only at the end, and skips the
 * species already stored as they are in the data (seed.ts).
 */
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { seedSpecies, speciesSeedNeeded, type loadSpecies, type SpeciesSeedCounts } from './seed';
import { SPECIES_WORLD_DIR } from './sources';

export interface SpeciesLoading {
  /** Species of the data already stored. */
  done: number;
  /** Species in the data. */
  total: number;
}

/** Where the start-up seed is; one per app (`app.speciesSeed`), read by the species calls. */
export class SpeciesSeedStatus {
  private current: SpeciesLoading | null = null;

  /** What the seed has stored so far, while it runs; null otherwise. */
  get loading(): SpeciesLoading | null {
    return this.current === null ? null : { ...this.current };
  }

  progress(done: number, total: number): void {
    this.current = { done, total };
  }

  finish(): void {
    this.current = null;
  }
}

type Loaded = Awaited<ReturnType<typeof loadSpecies>>;

/** loadSpecies in a worker thread (the server runs under tsx, so the worker registers it too). */
export function loadSpeciesInWorker(dir: string): Promise<Loaded> {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./load-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true, workerData: { dir } },
  );
  return new Promise<Loaded>((resolve, reject) => {
    worker.once('message', (loaded: Loaded) => {
      resolve(loaded);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      reject(new Error(`species load worker exited with ${code}`));
    });
  });
}

export interface SpeciesSeedOptions {
  dir?: string;
  /** How the files are built; the worker by default (tests pass loadSpecies itself). */
  load?: (dir: string) => Promise<Loaded>;
  transactionRows?: number;
  /** Called after each committed chunk (tests stop a seed half-way with a throw). */
  onProgress?: (done: number, total: number) => void | Promise<void>;
}

/**
 * Seeds the world lists unless nothing is to do (an operator's full import, or these lists are
 * stored). Answers the counts, or null when nothing was to do. `status` shows the progress and is
 * cleared however the seed ends. Needs the reference locations (ensureReferenceData first).
 */
export async function seedWorldSpecies(
  db: Kysely<DB>,
  status: SpeciesSeedStatus,
  options: SpeciesSeedOptions = {},
): Promise<SpeciesSeedCounts | null> {
  const dir = options.dir ?? SPECIES_WORLD_DIR;
  const needed = await speciesSeedNeeded(db, dir, 'world');
  if (!needed) return null;
  try {
    // Loading before the build is done: nothing is counted yet, but the calls already say so.
    status.progress(0, 0);
    const { species, checksum } = await (options.load ?? loadSpeciesInWorker)(dir);
    return await seedSpecies(db, species, {
      origin: 'world',
      checksum,
      ...(options.transactionRows === undefined ? {} : { transactionRows: options.transactionRows }),
      onProgress: async (done, total) => {
        status.progress(done, total);
        await options.onProgress?.(done, total);
      },
    });
  } finally {
    status.finish();
  }
}
