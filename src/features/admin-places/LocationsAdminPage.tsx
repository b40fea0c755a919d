/**
 * `/admin-locations` (SPEC §2; admin only, SPEC §6): countries and regions, searchable in any of
 * their names and paged (GET locations), each opening its details page.
 */
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import { labels } from '../../app/labels';
import type { Location } from '@contract/reference';
import { AdminListPage } from './AdminListPage';
import { useListLocationsQuery, type PageQuery } from './adminPlacesApi';

function useRows(query: PageQuery, options: { skip: boolean }) {
  const answer = useListLocationsQuery(query, options);
  return { rows: answer.data?.locations, error: answer.error, isFetching: answer.isFetching };
}

export function LocationsAdminPage() {
  return (
    <AdminListPage<Location>
      title={labels.locations}
      searchLabel={texts.searchLocations}
      newLabel={texts.newLocation}
      newPath="/admin-location-details"
      empty={texts.noLocations}
      useRows={useRows}
      rowKey={(row) => row.id}
      detailsPath={(row) => `/admin-location-details/${encodeURIComponent(row.id)}`}
      columns={[
        { header: texts.columnName, cell: (row) => row.name },
        { header: texts.columnId, cell: (row) => row.id },
        {
          header: texts.columnType,
          cell: (row) => (row.type === 'country' ? texts.typeCountry : texts.typeRegion),
        },
        { header: texts.columnParent, cell: (row) => (row.type === 'region' ? row.country_id : '') },
      ]}
    />
  );
}
