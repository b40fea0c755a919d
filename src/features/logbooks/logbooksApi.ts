/**
 * What the logbooks pages ask the server (SPEC §7 "Logbooks"), each owned logbook downloaded whole
 * and kept on the device (logbooksStore.ts) so its checklist opens offline. Every function takes
 * the database and the one HTTP client.
 */
import type { Logbook, LogbookTick, OwnedLogbook } from '@contract/logbooks';
import type { ApiClient, DownloadedFile } from '../../api/client';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { LogbookSpeciesEntry } from '../../db/logbookRows';
import { keepLogbook, keptLogbooks, forgetLogbooks } from './logbooksStore';

interface DownloadResponse {
  logbook: OwnedLogbook;
  species: LogbookSpeciesEntry[];
  ticks: LogbookTick[];
}

const path = (productId: string) => encodeURIComponent(productId);

/** Downloads one owned logbook (its checklist and the server's ticks) and keeps it. */
export async function downloadLogbook(db: FieldmarkDB, api: ApiClient, productId: string): Promise<void> {
  const answer = await api.request<DownloadResponse>('GET', `logbooks/download/${path(productId)}`);
  await keepLogbook(db, { ...answer.logbook, species: answer.species, ticks: answer.ticks });
}

/**
 * The member's logbooks from the server: each one the device lacks is downloaded; the ones kept
 * get the server's progress and ticks (`refresh`, small); one no longer owned is forgotten.
 * Answers the products the member owns.
 */
export async function refreshOwnedLogbooks(
  db: FieldmarkDB,
  api: ApiClient,
  userId: string,
): Promise<string[]> {
  const { logbooks } = await api.request<{ logbooks: OwnedLogbook[] }>('GET', 'logbooks/owned');
  const kept = new Map((await keptLogbooks(db, userId)).map((row) => [row.product_id, row]));
  for (const owned of logbooks) {
    const row = kept.get(owned.product_id);
    // A checklist changes only with the species data: download again when its size differs.
    if (!row || row.species_total !== owned.species_total) {
      await downloadLogbook(db, api, owned.product_id);
      continue;
    }
    const refresh = await api.request<{ logbook: OwnedLogbook; ticks: LogbookTick[] }>(
      'GET',
      `logbooks/refresh/${path(owned.product_id)}`,
    );
    await keepLogbook(db, { ...row, ...refresh.logbook, ticks: refresh.ticks });
  }
  const owned = new Set(logbooks.map((logbook) => logbook.product_id));
  await forgetLogbooks(
    db,
    userId,
    [...kept.keys()].filter((id) => !owned.has(id)),
  );
  return [...owned];
}

/** The logbooks on sale (online only: the shop is). */
export async function logbooksForSale(api: ApiClient): Promise<Logbook[]> {
  return (await api.request<{ logbooks: Logbook[] }>('GET', 'logbooks')).logbooks;
}

/** Redeems a printed code and downloads the logbook it opens; answers that logbook. */
export async function activateCode(db: FieldmarkDB, api: ApiClient, code: string): Promise<OwnedLogbook> {
  const { logbook } = await api.request<{ logbook: OwnedLogbook }>('PUT', 'logbooks/activate', {
    activation_code: code,
  });
  await downloadLogbook(db, api, logbook.product_id);
  return logbook;
}

/**
 * The member's filled checklist as a printable PDF made by the server (online only), its dates in
 * this device's time zone.
 */
export function logbookPdf(api: ApiClient, productId: string, timeZone: string): Promise<DownloadedFile> {
  return api.download(`logbooks/download/${path(productId)}`, { format: 'pdf', tz: timeZone });
}
