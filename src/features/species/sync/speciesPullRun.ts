/**
 * One species pull as the worker runs it (speciesPull.worker.ts): pull.ts's pullCollection over
 * the worker's own connection and HTTP client, its progress and outcome reported as messages.
 */
import { pullCollection, type PullContext } from '../../../db/sync/pull';
import { speciesCollection } from '../../../db/sync/species';
import { failureOf, type SpeciesPullReport, type SpeciesPullRequest } from './speciesPullProtocol';

export async function runSpeciesPull(
  context: PullContext,
  request: SpeciesPullRequest,
  report: (message: SpeciesPullReport) => void,
): Promise<void> {
  try {
    const result = await pullCollection(context, speciesCollection, {
      filter: request.filter,
      // One transaction a page: off the main thread slices free nothing, and every commit makes
      // the page's live queries over the species (the whole list on /species) read them again.
      sliceWrites: false,
      onProgress: (progress) => {
        report({ type: 'progress', ...progress });
      },
    });
    report({ type: 'done', result });
  } catch (error) {
    report({ type: 'failed', failure: failureOf(error) });
  }
}
