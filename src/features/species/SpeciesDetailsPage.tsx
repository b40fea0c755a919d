/**
 * `/species-details/{species_id}` (SPEC §2): the reference page of a species, from the device
 * (works offline): its name in every language it has, each classification that lists it (the list
 * and version, its scientific and English name, its code, whether the species is in it), order,
 * family, authority and status, and every place a checklist keys it to with the checklist. The
 * species page (`/species/{species_id}`) is the short version.
 */
import { useParams } from 'react-router-dom';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { messages } from '@contract/messages';
import { selectConfig } from '../../app/configSlice';
import { useAppSelector } from '../../app/hooks';
import type { SpeciesRow } from '../../db/rows';
import { additionalLanguageId, languageName, MAIN_LANGUAGE_ID } from './languages';
import { DistributionMap, distributionPlaces } from './map/DistributionMap';
import { useBasemap } from './map/useBasemap';
import { useSpecies } from './speciesQueries';
import {
  classificationName,
  SpeciesActions,
  SpeciesFacts,
  SpeciesHeading,
  SpeciesMissing,
  SpeciesSection,
} from './SpeciesParts';
import { SpeciesPhotos } from './SpeciesPhotos';
import { speciesTexts } from './speciesTexts';

/** The checklists that key species to places (server/db/reference/classifications.ts). */
const CHECKLISTS: Readonly<Record<string, string>> = {
  mdd: 'Mammal Diversity Database v1.13',
  amphibiaweb: 'AmphibiaWeb (2025-10-01)',
  bbs: 'North American Breeding Bird Survey (USGS, 2014)',
  'nz-birds': 'New Zealand Birds Online',
};

/** Every name, English first, then by language name. */
export function namesByLanguage(
  species: Pick<SpeciesRow, 'names'>,
): { id: string; language: string; name: string }[] {
  return Object.entries(species.names)
    .map(([id, name]) => ({ id, language: languageName(id), name }))
    .sort((a, b) =>
      a.id === MAIN_LANGUAGE_ID
        ? -1
        : b.id === MAIN_LANGUAGE_ID
          ? 1
          : a.language.localeCompare(b.language, 'en'),
    );
}

function DataTable({ label, head, rows }: { label: string; head: string[]; rows: React.ReactNode[][] }) {
  return (
    // Focusable, so the table can be scrolled sideways from the keyboard on a narrow screen.
    <TableContainer tabIndex={0} role="group" aria-label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((cell) => (
              <TableCell key={cell}>{cell}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              {row.map((cell, column) => (
                <TableCell key={column}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Each place a checklist keys the species to, named as on the map, in the map's order. */
function ChecklistTable({ species }: { species: SpeciesRow }) {
  const state = useBasemap();
  const places = distributionPlaces(species.location_ids, state.status === 'ready' ? state.basemap : null);
  return (
    <DataTable
      label={speciesTexts.speciesChecklists}
      head={[speciesTexts.speciesPlace, speciesTexts.speciesOccurrence, speciesTexts.speciesChecklist]}
      rows={places.map(({ id, name }) => {
        const entry = species.locations[id];
        return [name, entry?.occurrence ?? '—', entry ? (CHECKLISTS[entry.source] ?? entry.source) : '—'];
      })}
    />
  );
}

export function SpeciesDetailsPage() {
  const { species_id: id } = useParams();
  const species = useSpecies(id);
  const languageId = additionalLanguageId(useAppSelector(selectConfig).language.language);
  if (species === undefined) return <CircularProgress aria-label={messages.loading} sx={{ my: 3 }} />;
  if (species === null) return <SpeciesMissing />;

  const classifications = [{ ...species.taxa, enabled: true }, ...species.taxa_alt];
  const yesNo = (value: boolean) => (value ? speciesTexts.yes : speciesTexts.no);
  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <SpeciesHeading species={species} languageId={languageId} />
      <SpeciesActions species={species} view="details" />

      <SpeciesSection id="species-names" title={speciesTexts.speciesNames}>
        <DataTable
          label={speciesTexts.speciesNames}
          head={[speciesTexts.speciesLanguage, speciesTexts.speciesName]}
          rows={namesByLanguage(species).map(({ id: language, language: name, name: value }) => [
            name,
            <span key={language} lang={language}>
              {value}
            </span>,
          ])}
        />
      </SpeciesSection>

      <SpeciesSection id="species-taxonomy" title={speciesTexts.speciesTaxonomy}>
        <SpeciesFacts
          gutterBottom
          facts={[
            [speciesTexts.speciesOrder, species.order],
            [speciesTexts.speciesFamily, species.family],
            [speciesTexts.speciesAuthority, species.authority],
            [
              speciesTexts.speciesStatus,
              species.extinct ? speciesTexts.speciesExtinct : speciesTexts.speciesExtant,
            ],
          ]}
        />
        <DataTable
          label={speciesTexts.speciesClassifications}
          head={[
            speciesTexts.speciesClassification,
            speciesTexts.speciesListName,
            speciesTexts.speciesScientificName,
            speciesTexts.speciesEnglishName,
            speciesTexts.speciesCode,
            speciesTexts.speciesInClassification,
          ]}
          rows={classifications.map((entry) => [
            classificationName(entry.classification),
            entry.system,
            <i key="name">{entry.name}</i>,
            entry.english_name ?? '—',
            entry.code ?? '—',
            yesNo(entry.enabled),
          ])}
        />
      </SpeciesSection>

      <SpeciesSection id="species-distribution" title={speciesTexts.speciesDistribution}>
        <DistributionMap locationIds={species.location_ids} />
        {species.location_ids.length > 0 && <ChecklistTable species={species} />}
      </SpeciesSection>

      <SpeciesSection id="species-photos" title={speciesTexts.speciesPhotos}>
        <SpeciesPhotos species={species} />
      </SpeciesSection>
    </Stack>
  );
}
