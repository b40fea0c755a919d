/**
 * A tiny stand-in for public/maps/locations.geojson in tests: the real file's shape (feature ids
 * are location ids, `properties.name` and `.type`, lon/lat polygons) with a few places as rough
 * boxes. Alaska comes first, as a region may; Canada has no type, so the id decides.
 */
const box = (west: number, south: number, east: number, north: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
});

export const TINY_BASEMAP = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'USA-3563',
      properties: { name: 'Alaska', type: 'region' },
      geometry: box(-168, 54, -141, 71),
    },
    {
      type: 'Feature',
      id: 'USA',
      properties: { name: 'United States of America', type: 'country' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [box(-125, 25, -67, 49).coordinates, box(-168, 54, -141, 71).coordinates],
      },
    },
    { type: 'Feature', id: 'CAN', properties: { name: 'Canada' }, geometry: box(-141, 42, -52, 83) },
    {
      type: 'Feature',
      id: 'ZAF',
      properties: { name: 'South Africa', type: 'country' },
      geometry: box(16.5, -34.8, 32.9, -22.1),
    },
    { type: 'Feature', properties: { name: 'No id: left out' }, geometry: box(0, 0, 1, 1) },
  ],
};

/** A fetch that answers the basemap URL with TINY_BASEMAP (the network is the one thing tests replace). */
export function basemapFetch(): typeof fetch {
  return (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith('/maps/locations.geojson'))
      return Promise.resolve(new Response('Not found', { status: 404 }));
    const body = JSON.stringify(TINY_BASEMAP);
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/geo+json' } }));
  };
}
