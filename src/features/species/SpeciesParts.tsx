/**
 * Parts shared by the species page and the species details page: the heading with the species'
 * names, the actions (record a sighting, the other page, edit for species admins), titled sections
 * and the photos.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import EditIcon from '@mui/icons-material/Edit';
import { labels } from '../../app/labels';
import { canAccess } from '@contract/permissions';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { uiActions } from '../../app/uiSlice';
import type { SpeciesRow } from '../../db/rows';
import { QuickRecordButton } from '../observations/embeds';
import { recordSignedOutToast } from '../observations';
import { ReportButton } from '../reports/embeds';
import { ChangeListButton } from './MemberListGate';
import { additionalName } from './SpeciesVirtualList';
import { speciesTexts } from './speciesTexts';

/** A classification as people read it: 'Birds|IOC' → 'Birds (IOC)'. */
export function classificationName(classification: string): string {
  const [group, category] = classification.split('|');
  return category ? `${group} (${category})` : classification;
}

/** SPEC §6: editing an existing species needs admin or species-admin:r. */
export const EDIT_SPECIES_RULE = { role: 'admin', permission: 'species-admin:r' } as const;

export function SpeciesHeading({ species, languageId }: { species: SpeciesRow; languageId: string | null }) {
  const otherName = additionalName(species, languageId);
  return (
    <Stack spacing={0.5}>
      <Typography variant="h4" component="h1">
        {species.name}
      </Typography>
      {otherName && (
        <Typography variant="h6" component="p" color="text.secondary" lang={languageId ?? undefined}>
          {otherName}
        </Typography>
      )}
      {/* Reptiles have no common name: the heading is already the scientific name. */}
      {species.scientific_name !== species.name ? (
        <Typography color="text.secondary">
          <Box component="i">{species.scientific_name}</Box>
          {species.authority && ` ${species.authority}`}
        </Typography>
      ) : (
        species.authority && <Typography color="text.secondary">{species.authority}</Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: 1 }}>
        <Chip size="small" label={species.taxa.group_name} />
        {species.extinct && <Chip size="small" color="warning" label={speciesTexts.speciesExtinct} />}
      </Stack>
    </Stack>
  );
}

export type SpeciesView = 'summary' | 'details';

export function SpeciesActions({ species, view }: { species: SpeciesRow; view: SpeciesView }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const id = encodeURIComponent(species.id);
  const record = user ? (
    <Button
      variant="contained"
      startIcon={<AddLocationAltIcon />}
      component={RouterLink}
      to={`/species-observation/${id}`}
    >
      {labels.recordSighting}
    </Button>
  ) : (
    // SPEC §5: recording while signed out is refused with this message (and a Login button),
    // before leaving the page.
    <Button
      variant="contained"
      startIcon={<AddLocationAltIcon />}
      onClick={() => dispatch(uiActions.toastShown(recordSignedOutToast()))}
    >
      {labels.recordSighting}
    </Button>
  );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {record}
      <QuickRecordButton species={species} />
      {view === 'summary' ? (
        <Button variant="outlined" component={RouterLink} to={`/species-details/${id}`}>
          {speciesTexts.speciesNamesAndTaxonomy}
        </Button>
      ) : (
        <Button variant="outlined" component={RouterLink} to={`/species/${id}`}>
          {speciesTexts.speciesOverview}
        </Button>
      )}
      {canAccess(user, EDIT_SPECIES_RULE) && (
        <Button
          variant="text"
          startIcon={<EditIcon />}
          component={RouterLink}
          to={`/species-details-edit/${id}`}
        >
          {labels.speciesEdit}
        </Button>
      )}
      <ReportButton section="species" id={species.id} what="species page" ownerId={null} />
    </Stack>
  );
}

/** A titled part of a species page: a region named by its level-2 heading. */
export function SpeciesSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Terms and their values as a description list; a missing value shows a dash. */
export function SpeciesFacts({
  facts,
  gutterBottom = false,
}: {
  facts: Array<[string, string | null]>;
  gutterBottom?: boolean;
}) {
  return (
    <Stack component="dl" spacing={1} sx={{ m: 0, mb: gutterBottom ? 2 : 0 }}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <Typography component="dt" variant="subtitle2">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value ?? '—'}
          </Typography>
        </div>
      ))}
    </Stack>
  );
}

/**
 * The page for an id that is not on the device: what the device keeps, and the way back. Offline
 * the species was never downloaded (online it would have been fetched and kept), and the device
 * cannot know the region of a species it never saw: it offers Customize Your Experience, where the
 * member adds the region or group, whose species then arrive with the next sync.
 */
export function SpeciesMissing() {
  const isOnline = useAppSelector(selectIsOnline);
  return (
    <Stack spacing={2} sx={{ py: 3, alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        {speciesTexts.speciesNotOnDevice}
      </Typography>
      <Typography>
        {isOnline ? speciesTexts.speciesNotOnDeviceBody : speciesTexts.speciesNotDownloadedBody}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {!isOnline && <ChangeListButton label={speciesTexts.speciesAddRegionOrGroup} />}
        <Button variant="outlined" size="small" component={RouterLink} to="/species">
          {speciesTexts.speciesBackToList}
        </Button>
      </Stack>
    </Stack>
  );
}
