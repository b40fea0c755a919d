/**
 * The sightings as Mapbox Vector Tiles, pure: a Supercluster index over a collection of sightings,
 * and the tile (z, x, y) of it as MVT bytes, layer SIGHTINGS_LAYER. It runs in the sightings'
 * worker (sightingTiles.worker.ts); MapLibre draws the tiles as a vector source, so neither the
 * rows, nor the points, nor the clustering ever reach the page's main thread — with 100k sightings
 * handing GeoJSON to MapLibre cost main-thread tasks of 55–690 ms (its worker messages are copied
 * by a walk over every object), and a GeoJSON URL comes back to the main thread whole once loaded
 * (docs/benchmarks.md, bench:map).
 *
 * A point carries its sighting's `id` and `lifer`; a cluster its `point_count` and the
 * `expansion_zoom` at which it splits (what a click on it zooms to).
 */
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import Supercluster from 'supercluster';
import type { Bounds, SightingsCollection } from './sightingFeatures';

/** The source layer of the sightings in every tile. */
export const SIGHTINGS_LAYER = 'sightings';
/** Tile coordinates per tile side: at z 18 a unit is under 4 cm. */
export const TILE_EXTENT = 4096;
/** MapLibre draws a tile 512 px wide. */
const TILE_PIXELS = 512;
/** notes/performance-and-reliability.md §2: radius 50 px, clusters up to zoom 14. */
export const CLUSTER_RADIUS_PX = 50;
export const CLUSTER_MAX_ZOOM = 14;
/** Tiles are made up to this zoom; MapLibre scales the last ones beyond it. */
export const TILES_MAX_ZOOM = 18;

/** What the page shows beside the map. */
export interface SightingsSummary {
  count: number;
  lifers: number;
  bounds: Bounds | null;
}

interface SightingProps {
  id: string;
  lifer: boolean;
}

type ClusterTags = { cluster?: boolean; cluster_id?: number; point_count?: number };

export class SightingsIndex {
  readonly summary: SightingsSummary;
  private readonly clusters: Supercluster<SightingProps>;

  constructor(collection: SightingsCollection) {
    this.summary = { count: collection.points.length, lifers: collection.lifers, bounds: collection.bounds };
    this.clusters = new Supercluster<SightingProps>({
      radius: (CLUSTER_RADIUS_PX * TILE_EXTENT) / TILE_PIXELS,
      extent: TILE_EXTENT,
      maxZoom: CLUSTER_MAX_ZOOM,
    });
    this.clusters.load(
      collection.points.map(({ id, position, lifer }) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: position },
        properties: { id, lifer },
      })),
    );
  }

  /** The tile (z, x, y) as MVT bytes; a tile with no sightings is an empty layer. */
  tile(z: number, x: number, y: number): Uint8Array {
    const tile = this.clusters.getTile(z, x, y);
    const features = (tile?.features ?? []).map((feature) => {
      const tags = (feature.tags ?? {}) as ClusterTags & Partial<SightingProps>;
      if (tags.cluster !== true || tags.cluster_id === undefined) {
        return { ...feature, tags: { id: tags.id ?? '', lifer: tags.lifer === true } };
      }
      return {
        ...feature,
        tags: {
          point_count: tags.point_count ?? 0,
          expansion_zoom: this.clusters.getClusterExpansionZoom(tags.cluster_id),
        },
      };
    });
    return fromGeojsonVt(
      // Supercluster's tiles are geojson-vt's shape, which the encoder takes.
      { [SIGHTINGS_LAYER]: { features } as unknown as Parameters<typeof fromGeojsonVt>[0][string] },
      { version: 2, extent: TILE_EXTENT },
    );
  }
}

/** The tile address of a tile URL `<anything>/<load>/<z>/<x>/<y>`; null when it is not one. */
export function parseTileUrl(url: string): { load: number; z: number; x: number; y: number } | null {
  const match = /\/(\d+)\/(\d+)\/(\d+)\/(\d+)$/.exec(url.split('?')[0] ?? '');
  if (!match) return null;
  const [load, z, x, y] = match.slice(1).map(Number) as [number, number, number, number];
  const size = 2 ** z;
  if (z > 30 || x >= size || y >= size) return null;
  return { load, z, x, y };
}

/** What a page asks the sightings' worker. */
export type TilesRequest =
  | {
      type: 'load';
      /** The page's number for this load; its tiles are asked for by it. */
      load: number;
      /** Who asks (one map): a newer load of the same asker replaces a waiting one. */
      asker: string;
      database: string;
      userId: string;
      speciesId: string | null;
      shown: { lifers: boolean; others: boolean };
    }
  | { type: 'tile'; request: number; load: number; z: number; x: number; y: number }
  /** No map shows this load any more: its index may go. */
  | { type: 'release'; load: number };

/** What the sightings' worker answers. */
export type TilesAnswer =
  | { type: 'loaded'; load: number; summary: SightingsSummary }
  | { type: 'failed'; load: number; message: string }
  /** A newer load by the same asker came in before this one started: only that one runs. */
  | { type: 'superseded'; load: number }
  | { type: 'tile'; request: number; data: ArrayBuffer };
