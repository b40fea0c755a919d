/**
 * Rows of the places kept on the device (issue 15, docs/places.md "On the device"): copies of what
 * the server answered for places and field guides the member has seen online — the list, nearby,
 * popular in their region, a page they opened — so those pages open offline. Read-only reference
 * data: a newer answer replaces the row, nothing on the device edits it. Version 10.
 */
import type { FieldGuide, Hotspot, PlaceSpecies } from '@contract/places';

/** A place as the device keeps it, keyed by `hotspot_id`. */
export interface PlaceRow extends Hotspot {
  id: string;
  /** When the device last stored an answer about it (ms since the epoch). */
  kept: number;
  /** The guides working there, once its page was opened online. */
  guides?: { field_guide_id: string; name: string }[];
  /** Its regular and seen species, once its page was opened online. */
  species?: PlaceSpecies[];
}

/** A field guide as the device keeps it, keyed by `field_guide_id`. */
export interface FieldGuideRow extends FieldGuide {
  id: string;
  kept: number;
  /** The places they guide at, once their page was opened online. */
  places?: { hotspot_id: string; name: string }[];
  /** The species they specialise in, once their page was opened online. */
  species?: { species_id: string; name: string; scientific_name: string }[];
}
