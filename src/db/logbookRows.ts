/**
 * Logbooks kept on the device (issue 19; docs/shop.md "On the device"): each logbook the signed-in
 * member owns, downloaded whole (`GET logbooks/download/{id}`) so its checklist opens offline. Keyed
 * by the member as well, since two members may share a device. Read-only copies: a newer download
 * replaces the row; the ticks the pages show come from the member's sightings on the device.
 * Version 16.
 */
import type { LogbookTick, OwnedLogbook } from '@contract/logbooks';

export interface LogbookSpeciesEntry {
  species_id: string;
  name: string;
  scientific_name: string;
  family: string | null;
}

export interface LogbookRow extends OwnedLogbook {
  /** The checklist in its printed order. */
  species: LogbookSpeciesEntry[];
  /** The server's ticks at the download, for sightings this device has not pulled yet. */
  ticks: LogbookTick[];
  /** When the device stored the download (ms since the epoch). */
  kept: number;
}
