/**
 * A small drawing of what the form describes: the point, and the boundary (holes included) or the
 * circle of the radius a place without one covers, north up, scaled so east–west distances look
 * right at that latitude. No tiles, so it shows at once and offline; a link opens the point on
 * OpenStreetMap for the surroundings.
 */
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import type { Polygon } from '@contract/places';

const SIZE = 220;
const KM_PER_DEGREE = 111.32;

export interface PointPreviewProps {
  latitude: number;
  longitude: number;
  boundary?: Polygon | null;
  /** Drawn as a circle when there is no boundary. */
  radiusKm?: number;
}

export function PointPreview({ latitude, longitude, boundary, radiusKm }: PointPreviewProps) {
  const squeeze = Math.max(Math.cos((latitude * Math.PI) / 180), 0.05);
  const rings = boundary?.coordinates ?? [];
  const radiusLat = (radiusKm ?? 0) / KM_PER_DEGREE;
  const radiusLng = radiusLat / squeeze;
  const lngs =
    rings.length > 0 ? rings.flat().map((p) => p[0]) : [longitude - radiusLng, longitude + radiusLng];
  const lats =
    rings.length > 0 ? rings.flat().map((p) => p[1]) : [latitude - radiusLat, latitude + radiusLat];
  lngs.push(longitude);
  lats.push(latitude);
  const west = Math.min(...lngs);
  const east = Math.max(...lngs);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  // Equal scale both ways in km, with a margin; a lone point gets a window of about 1 km.
  const spanKm = Math.max((east - west) * squeeze, north - south, 0.01) * 1.2;
  const scale = SIZE / spanKm;
  const centreLng = (west + east) / 2;
  const centreLat = (south + north) / 2;
  const x = (lng: number) => SIZE / 2 + (lng - centreLng) * squeeze * scale;
  const y = (lat: number) => SIZE / 2 - (lat - centreLat) * scale;
  const path = rings
    .map((ring) =>
      ring.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join(''),
    )
    .map((part) => `${part}Z`)
    .join('');
  const osm = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=11/${latitude}/${longitude}`;

  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <svg
        role="img"
        aria-label={texts.preview}
        width={SIZE}
        height={SIZE}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        style={{ border: '1px solid #9e9e9e', borderRadius: 4, background: '#f1f8e9' }}
      >
        {rings.length > 0 ? (
          <path
            d={path}
            fill="#66bb6a"
            fillOpacity={0.35}
            fillRule="evenodd"
            stroke="#1b5e20"
            strokeWidth={1.5}
          />
        ) : radiusKm ? (
          <ellipse
            cx={x(longitude)}
            cy={y(latitude)}
            rx={radiusLng * squeeze * scale}
            ry={radiusLat * scale}
            fill="#66bb6a"
            fillOpacity={0.35}
            stroke="#1b5e20"
            strokeDasharray="4 3"
          />
        ) : null}
        <circle cx={x(longitude)} cy={y(latitude)} r={5} fill="#b71c1c" stroke="#fff" strokeWidth={1.5} />
      </svg>
      <Typography variant="caption">{texts.previewLegend}</Typography>
      <Link href={osm} target="_blank" rel="noopener noreferrer">
        {texts.openInOsm}
      </Link>
    </Stack>
  );
}
