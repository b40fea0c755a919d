/**
 * Where a map looks, as plain numbers: the `maplibregl.Map` lives in a component's ref and never
 * leaves it (style-anchors §4.2 "Routing and map"). Each map page remembers its camera for the
 * session, so coming back from a sighting opens the map where the member left it.
 */
export interface Camera {
  longitude: number;
  latitude: number;
  zoom: number;
}

/** The whole world, a little north of the equator (most land is). */
export const WORLD_CAMERA: Camera = { longitude: 10, latitude: 25, zoom: 0.6 };

/**
 * The closest a map fits its sightings at. One sighting (or a few close together) would otherwise
 * fill the screen with one unrecognisable piece of outline: the offline basemap draws only country
 * and region outlines, which at about zoom 4.5 still show the country and its neighbours; a
 * production style (VITE_MAP_STYLE_URL) has roads and towns to give context down to about zoom 10.
 */
export const FIT_MAX_ZOOM = { outlines: 4.5, production: 10 } as const;

export function fitMaxZoom(productionStyle: boolean): number {
  return productionStyle ? FIT_MAX_ZOOM.production : FIT_MAX_ZOOM.outlines;
}

const remembered = new Map<string, Camera>();

export function rememberCamera(key: string, camera: Camera): void {
  remembered.set(key, camera);
}

export function rememberedCamera(key: string): Camera | undefined {
  return remembered.get(key);
}
