/**
 * `/admin-hotspots` (SPEC §2; admin only, SPEC §6): the places, searchable by name and paged
 * (GET hotspots), each opening its details page; "New place" opens an empty one.
 */
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import { labels } from '../../app/labels';
import type { Hotspot } from '@contract/places';
import { AdminListPage } from './AdminListPage';
import { useListHotspotsQuery, type PageQuery } from './adminPlacesApi';

function useRows(query: PageQuery, options: { skip: boolean }) {
  const answer = useListHotspotsQuery(query, options);
  return { rows: answer.data?.hotspots, error: answer.error, isFetching: answer.isFetching };
}

const point = (row: { latitude: number; longitude: number }) =>
  `${row.latitude.toFixed(4)}, ${row.longitude.toFixed(4)}`;

export function HotspotsAdminPage() {
  return (
    <AdminListPage<Hotspot>
      title={labels.places}
      searchLabel={texts.searchPlaces}
      newLabel={texts.newPlace}
      newPath="/admin-hotspot-details"
      empty={texts.noPlaces}
      useRows={useRows}
      rowKey={(row) => row.hotspot_id}
      detailsPath={(row) => `/admin-hotspot-details/${encodeURIComponent(row.hotspot_id)}`}
      columns={[
        { header: texts.columnName, cell: (row) => row.name },
        { header: texts.columnId, cell: (row) => row.hotspot_id },
        { header: texts.columnRegion, cell: (row) => row.location_name ?? '' },
        { header: texts.columnPoint, cell: point },
        { header: texts.columnLikes, cell: (row) => row.likes },
      ]}
    />
  );
}
