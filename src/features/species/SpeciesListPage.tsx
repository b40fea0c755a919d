/**
 * `/species` (SPEC §2): the species of the member's region and animal groups, from the device (works
 * offline once synced), grouped by family in taxonomic order, with names in English and the
 * additional language, and a search that ignores accents and tolerates one typo.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '@contract/labels';
import { formatMessage } from '@contract/messages';
import { speciesTexts } from '@contract/speciesTexts';
import { ListSummary, MemberListGate } from './MemberListGate';
import { useSpeciesQuery } from './SpeciesSearchField';
import { useMemberList } from './speciesQueries';
import { SpeciesVirtualList } from './SpeciesVirtualList';
import { useSpeciesItems } from './useSpeciesItems';

export function SpeciesListPage() {
  const list = useMemberList();
  const { query, field } = useSpeciesQuery();
  const shown = useSpeciesItems(list.species, list.languageId, query);

  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <Typography variant="h4" component="h1">
        {labels.species}
      </Typography>
      <ListSummary count={list.species?.length} />
      <MemberListGate list={list}>
        {() => (
          <>
            {field}
            <Typography role="status" variant="body2" color="text.secondary">
              {shown?.isSearching &&
                (shown.count === 0
                  ? formatMessage(speciesTexts.speciesNoMatch, { query })
                  : formatMessage(speciesTexts.speciesMatches, { count: shown.count.toLocaleString('en') }))}
            </Typography>
            {shown && (
              <SpeciesVirtualList items={shown.items} languageId={list.languageId} label={labels.species} />
            )}
          </>
        )}
      </MemberListGate>
    </Stack>
  );
}
