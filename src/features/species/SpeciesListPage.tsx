/**
 * `/species` (SPEC §2): the species of the member's region and animal groups, from the device (works
 * offline once synced), grouped by family in taxonomic order, with names in English and the
 * additional language, and a search that ignores accents and tolerates one typo. On a first visit,
 * until the region's sync has put any of the list on the device, the server's first page is shown
 * (useServerFirstPage.ts) so the page is not empty for the seconds the sync takes.
 */
import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import { selectConfig } from '../../app/configSlice';
import { useAppSelector } from '../../app/hooks';
import { ListSummary, MemberListGate } from './MemberListGate';
import { speciesTexts } from './speciesTexts';
import { useServerFirstPage, type ServerFirstPage } from './useServerFirstPage';
import { useSpeciesQuery } from './SpeciesSearchField';
import { useMemberList } from './speciesQueries';
import { SpeciesVirtualList } from './SpeciesVirtualList';
import { useSpeciesItems } from './useSpeciesItems';

/** The server's first page, said to be one while the device list downloads. */
function FirstPage({ page, languageId }: { page: ServerFirstPage; languageId: string | null }) {
  const shown = useSpeciesItems(page.species, languageId, '');
  return (
    <>
      <ListSummary count={page.total} />
      <Typography role="status" variant="body2" color="text.secondary">
        {formatMessage(speciesTexts.speciesFirstPage, {
          shown: page.species.length.toLocaleString('en'),
          total: page.total.toLocaleString('en'),
        })}
      </Typography>
      {shown && <SpeciesVirtualList items={shown.items} languageId={languageId} label={labels.species} />}
    </>
  );
}

export function SpeciesListPage() {
  const list = useMemberList();
  const { query, field } = useSpeciesQuery();
  const shown = useSpeciesItems(list.species, list.languageId, query);
  const location = useAppSelector(selectConfig).location;
  const firstPageQuery = useMemo(
    () =>
      list.filter && location
        ? { classifications: list.filter.classifications, location, languageId: list.languageId }
        : null,
    [list.filter, location, list.languageId],
  );
  const firstPage = useServerFirstPage(firstPageQuery, list.species?.length === 0);

  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <Typography variant="h4" component="h1">
        {labels.species}
      </Typography>
      {firstPage && firstPage.species.length > 0 ? (
        <FirstPage page={firstPage} languageId={list.languageId} />
      ) : (
        <>
          <ListSummary count={list.species?.length} />
          <MemberListGate list={list}>
            {() => (
              <>
                {field}
                <Typography role="status" variant="body2" color="text.secondary">
                  {shown?.isSearching &&
                    (shown.count === 0
                      ? formatMessage(speciesTexts.speciesNoMatch, { query })
                      : formatMessage(speciesTexts.speciesMatches, {
                          count: shown.count.toLocaleString('en'),
                        }))}
                </Typography>
                {shown && (
                  <SpeciesVirtualList
                    items={shown.items}
                    languageId={list.languageId}
                    label={labels.species}
                  />
                )}
              </>
            )}
          </MemberListGate>
        </>
      )}
    </Stack>
  );
}
