/**
 * `/admin-field-guide` (SPEC §2; admin only, SPEC §6): the field guides (guiding services members
 * can hire, docs/places.md), searchable and paged (GET field_guides/list). The demo has none, so the
 * empty list says where to add them.
 */
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import { labels } from '../../app/labels';
import type { FieldGuide } from '@contract/places';
import { AdminListPage } from './AdminListPage';
import { useListGuidesQuery, type PageQuery } from './adminPlacesApi';

function useRows(query: PageQuery, options: { skip: boolean }) {
  const answer = useListGuidesQuery(query, options);
  return { rows: answer.data?.field_guides, error: answer.error, isFetching: answer.isFetching };
}

export function FieldGuidesAdminPage() {
  return (
    <AdminListPage<FieldGuide>
      title={labels.fieldGuides}
      searchLabel={texts.searchGuides}
      newLabel={texts.newGuide}
      newPath="/admin-field-guide-details"
      empty={texts.noGuides}
      useRows={useRows}
      rowKey={(row) => row.field_guide_id}
      detailsPath={(row) => `/admin-field-guide-details/${encodeURIComponent(row.field_guide_id)}`}
      columns={[
        { header: texts.columnName, cell: (row) => row.name },
        { header: texts.columnContact, cell: (row) => [row.email, row.phone].filter(Boolean).join(' · ') },
        { header: texts.columnPlaces, cell: (row) => row.hotspots },
      ]}
    />
  );
}
