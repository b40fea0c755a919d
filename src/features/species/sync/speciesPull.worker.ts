/// <reference lib="webworker" />
/**
 * The species pull off the page's main thread (issue 24): one pull per worker, over the worker's
 * own connection to app.db and its own HTTP client. Decoding each page of 1,000 species, deriving
 * their search tokens and writing them held the main thread for seconds on a phone; here they
 * hold nothing the member touches. The page's live queries hear of each write through Dexie's
 * cross-context notice, as they do of another tab's.
 *
 * It calls with a client token only (species are reference data; the server lets a client token
 * pull them): the member's token rotates on use, and only the page may rotate it.
 */
import { createApiClient } from '../../../api/client';
import { clientOnlyTokens } from '../../../api/clientOnlyTokens';
import {
  browserIsOnline,
  defaultApiBaseUrl,
  defaultClientCredentialsFromEnv,
} from '../../../app/apiDefaults';
import { FieldmarkDB } from '../../../db/FieldmarkDB';
import type { SpeciesPullRequest } from './speciesPullProtocol';
import { runSpeciesPull } from './speciesPullRun';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<SpeciesPullRequest>) => {
  const db = new FieldmarkDB();
  const api = createApiClient({
    baseUrl: defaultApiBaseUrl(),
    fetch: (...args) => fetch(...args),
    tokens: clientOnlyTokens(),
    now: Date.now,
    isOnline: browserIsOnline,
    clientCredentials: defaultClientCredentialsFromEnv(),
  });
  void runSpeciesPull({ db, api }, event.data, (report) => {
    self.postMessage(report);
  }).finally(() => {
    db.close();
  });
};
