/**
 * The page's side of the species pull's worker (speciesPull.worker.ts): the species collection's
 * `pull`, which the sync engine calls instead of running pullCollection on the main thread. The
 * engine keeps its part (events, marks, retries); the worker reports progress and the outcome.
 *
 * Where no worker can run (no Worker, or one that fails to start or dies mid-way), the pull runs
 * here as before: pulls resume from the last committed page, so a worker that died after some
 * pages leaves nothing for this pull to repeat or skip.
 */
import {
  pullCollection,
  speciesCollection,
  type PullContext,
  type PullOptions,
  type PullResult,
} from '../../../db/sync';
import { errorOf, type SpeciesPullReport, type SpeciesPullRequest } from './speciesPullProtocol';

/** What the pull needs of a worker: DedicatedWorker's messaging, error events and terminate. */
export type PullWorker = Pick<
  Worker,
  'postMessage' | 'terminate' | 'onmessage' | 'onerror' | 'onmessageerror'
>;

/** A new species pull worker, or null where workers do not exist (unit tests under jsdom). */
function startSpeciesPullWorker(): PullWorker | null {
  if (typeof Worker !== 'function') return null;
  return new Worker(new URL('./speciesPull.worker.ts', import.meta.url), { type: 'module' });
}

type Outcome = Extract<SpeciesPullReport, { type: 'done' | 'failed' }> | { type: 'lost' };

/** The species collection's `pull` through a worker from `start` (tests give their own). */
export function pullSpeciesInWorker(start: () => PullWorker | null = startSpeciesPullWorker) {
  return async (context: PullContext, options: PullOptions): Promise<PullResult> => {
    let worker: PullWorker | null;
    try {
      worker = start();
    } catch {
      worker = null;
    }
    if (!worker) return pullCollection(context, speciesCollection, options);
    const running = worker;
    const outcome = await new Promise<Outcome>((resolve) => {
      running.onmessage = (event: MessageEvent<SpeciesPullReport>) => {
        const report = event.data;
        if (report.type !== 'progress') resolve(report);
        else
          options.onProgress?.({
            received: report.received,
            ...(report.total === undefined ? {} : { total: report.total }),
          });
      };
      running.onerror = (event) => {
        event.preventDefault();
        resolve({ type: 'lost' });
      };
      running.onmessageerror = () => {
        resolve({ type: 'lost' });
      };
      const request: SpeciesPullRequest = { type: 'pull', filter: options.filter };
      running.postMessage(request);
    }).finally(() => {
      running.terminate();
    });
    switch (outcome.type) {
      case 'done':
        return outcome.result;
      case 'failed':
        throw errorOf(outcome.failure);
      case 'lost':
        console.warn('The species pull worker stopped; the pull goes on in the page');
        return pullCollection(context, speciesCollection, options);
    }
  };
}
