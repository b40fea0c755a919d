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

const remembered = new Map<string, Camera>();

export function rememberCamera(key: string, camera: Camera): void {
  remembered.set(key, camera);
}

export function rememberedCamera(key: string): Camera | undefined {
  return remembered.get(key);
}
