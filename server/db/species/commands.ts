/**
 * Operator commands for species data (registered in server/cli.ts):
 *
 *   npm run cli -- species:extract [--from ../shared/data] [--out server/db/species/data]
 *       rebuilds the committed demo extract (United States + South Africa, all reptiles) from the
 *       full species files;
 *   npm run cli -- species:world [--from ../shared/data] [--out server/db/species/world]
 *       rewrites the committed world lists (the full species files, gzipped; world.ts);
 *   npm run cli -- import:species [--from ../shared/data]
 *       imports into the database (DATA_DIR / DATABASE_URL, as the server): the demo extract, or
 *       with --from the full lists. Seeds the reference locations first when they are missing.
 *       Re-running updates what changed and never duplicates.
 *   npm run cli -- species:us-canada [--from ../shared/data]
 *       prints, as Markdown for docs/data-sources.md, what the US/Canada range rule (ranges.ts)
 *       keeps and removes of the Breeding Bird Survey list, with the removed species by family.
 *   npm run cli -- species:evaluate-ranges [--from ../shared/data]
 *       prints the precision and recall of the bird lists derived from IOC ranges (derivedLists.ts)
 *       against the real lists (United States, Canada, New Zealand), as a Markdown table, and
 *       which IOC regions pass the importer's gate (their countries get derived lists).
 */
import { relative, resolve } from 'node:path';
import { loadConfig } from '../../config';
import { databaseOptionsFrom } from '../../plugins/external/db';
import { openDatabase } from '../database';
import { migrateToLatest } from '../migrate';
import { DEFAULT_SOURCE_DIR } from '../reference/commands';
import { readExtract as readReferenceExtract } from '../reference/extract';
import { ensureReferenceData } from '../reference/seed';
import type { SpeciesBuildReport, SpeciesRecord } from './build';
import {
  JUDGED_BY,
  MIN_PRECISION,
  MIN_RECALL,
  passingRegions,
  type DerivedListsGate,
  type IocRegion,
  type RangeEvaluation,
} from './derivedLists';
import { cutSpeciesExtract, writeSpeciesExtract } from './extract';
import { importSpecies, loadSpecies } from './seed';
import { SPECIES_EXTRACT_DIR, SPECIES_WORLD_DIR } from './sources';
import { packWorldFiles } from './world';

export function describeSpecies(species: readonly SpeciesRecord[]): string {
  const perClassification = new Map<string, number>();
  let locations = 0;
  for (const record of species) {
    for (const id of record.classifications) perClassification.set(id, (perClassification.get(id) ?? 0) + 1);
    locations += Object.keys(record.locations).length;
  }
  return (
    `${species.length} species (${[...perClassification].map(([id, n]) => `${id} ${n}`).join(', ')}), ` +
    `${locations} species × location rows`
  );
}

export function describeSpeciesReport(report: SpeciesBuildReport): string[] {
  const lines: string[] = [];
  const basis = report.bodyMassBasis;
  lines.push(
    `mammal body mass from the species ${basis.species}, its genus ${basis.genus}, its family ${basis.family}; ` +
      `size by order ${basis.order}`,
  );
  for (const [list, count] of Object.entries(report.skippedChecklistRows))
    lines.push(`${list}: skipped ${count} unidentified/hybrid/"sp." rows`);
  for (const [list, count] of Object.entries(report.matchedIndirectly))
    lines.push(`${list}: ${count} rows matched by English name or as a subspecies/form`);
  for (const [list, names] of Object.entries(report.unmatchedNames))
    lines.push(
      `${list}: ${names.length} names match no species: ${names.slice(0, 12).join('; ')}${names.length > 12 ? '; …' : ''}`,
    );
  for (const [list, codes] of Object.entries(report.unmatchedLocations))
    lines.push(`${list}: no location for ${codes.join(', ')}`);
  const us = report.usCanada;
  lines.push(
    `bbs: US/Canada range rule: ${us.keptByCode} kept (IOC range includes NA), ${us.keptByText} kept ` +
      `(range text names a US/Canadian place), ${us.keptWithoutRange} kept (no range to read), ` +
      `${us.removed.length} removed`,
  );
  return lines;
}

export async function speciesExtractCommand(options: { from?: string; out?: string }): Promise<void> {
  const from = resolve(options.from ?? DEFAULT_SOURCE_DIR);
  const out = resolve(options.out ?? SPECIES_EXTRACT_DIR);
  const { files, species } = await cutSpeciesExtract(from, await readReferenceExtract());
  const written = await writeSpeciesExtract(files, out);
  console.log(`species extract from ${from}: ${describeSpecies(species)} (locations as in the full lists)`);
  for (const file of written) console.log(`wrote ${relative(process.cwd(), file)}`);
}

export async function speciesWorldCommand(options: { from?: string; out?: string }): Promise<void> {
  const from = resolve(options.from ?? DEFAULT_SOURCE_DIR);
  const out = resolve(options.out ?? SPECIES_WORLD_DIR);
  for (const file of await packWorldFiles(from, out)) console.log(`wrote ${relative(process.cwd(), file)}`);
}

export async function importSpeciesCommand(options: { from?: string }): Promise<void> {
  const dir = options.from !== undefined ? resolve(options.from) : SPECIES_EXTRACT_DIR;
  const database = await openDatabase(databaseOptionsFrom(loadConfig()));
  try {
    await migrateToLatest(database.db);
    const reference = await ensureReferenceData(database.db);
    if (reference)
      console.log(
        `seeded reference data first: ${reference.countries} countries, ${reference.regions} regions`,
      );
    const counts = await importSpecies(database.db, dir, options.from !== undefined ? 'full' : 'demo');
    for (const line of describeSpeciesReport(counts.report)) console.log(line);
    console.log(describeDerivedGate(counts.derived));
    if (counts.unknownLocations.length > 0)
      console.log(`locations not in the database (skipped): ${counts.unknownLocations.join(', ')}`);
    console.log(
      `imported ${counts.species} species from ${relative(process.cwd(), dir) || '.'} (${counts.origin}): ` +
        `${counts.written} new or changed, ${counts.deleted} now deleted; ` +
        `${counts.locations} species × location rows (${counts.writtenLocations} written) ` +
        `in ${counts.ms} ms (${database.kind})`,
    );
  } finally {
    await database.close();
  }
}

/** The US/Canada rule's figures and removed species as Markdown (pasted into docs/data-sources.md). */
export function usCanadaMarkdown(report: SpeciesBuildReport): string {
  const us = report.usCanada;
  const byFamily = new Map<string, string[]>();
  for (const bird of us.removed) {
    const family = bird.family ?? '(no family)';
    byFamily.set(family, [...(byFamily.get(family) ?? []), `${bird.englishName} (*${bird.scientificName}*)`]);
  }
  const matched = us.keptByCode + us.keptByText + us.keptWithoutRange + us.removed.length;
  return [
    `Of the ${matched} species the BBS list matches: the NA rule alone (an IOC breeding or ` +
      `non-breeding range with \`NA\`) keeps ${us.keptByCode} and would remove ` +
      `${matched - us.keptByCode - us.keptWithoutRange}; the place rule (a range text naming the United ` +
      `States, Canada, Alaska or a US state) keeps ${us.keptByText} of those; ${us.keptWithoutRange} ` +
      `${us.keptWithoutRange === 1 ? 'has' : 'have'} no range to read and stay. **Removed: ${us.removed.length}.**`,
    '',
    ...[...byFamily].map(([family, names]) => `- ${family}: ${names.join(', ')}`),
  ].join('\n');
}

export async function usCanadaCommand(options: { from?: string }): Promise<void> {
  const dir = resolve(options.from ?? DEFAULT_SOURCE_DIR);
  const { report } = await loadSpecies(dir);
  console.log(usCanadaMarkdown(report));
}

/** The derived-list evaluation of the species files of `dir` (the importer's own, loadSpecies). */
export async function evaluateRanges(dir: string): Promise<RangeEvaluation[]> {
  return (await loadSpecies(dir)).derived.evaluations;
}

/** What the importer's gate did, one line (import:species, species:evaluate-ranges). */
export function describeDerivedGate(gate: DerivedListsGate): string {
  const lists = Object.entries(gate.lists);
  return gate.passing.length === 0
    ? 'derived bird lists: no IOC region passes the gate, none built'
    : `derived bird lists: ${gate.passing.join(', ')} pass; ${lists.length} countries get one ` +
        `(${lists.map(([id, count]) => `${id} ${count}`).join(', ')})`;
}

export function rangeEvaluationMarkdown(evaluations: readonly RangeEvaluation[]): string {
  const figure = (value: number) => value.toFixed(3);
  return [
    '| country | IOC region | real list | derived | on both | precision | recall | passes |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...evaluations.map(
      (e) =>
        `| ${e.countryId} | ${e.region ?? '–'} | ${e.trueSize}${e.outsideIoc > 0 ? ` (+${e.outsideIoc} not in IOC)` : ''} | ` +
        `${e.derivedSize} | ${e.matched} | ${figure(e.precision)} | ${figure(e.recall)} | ${e.passes ? 'yes' : 'no'} |`,
    ),
    '',
    `Gate: recall ≥ ${MIN_RECALL} and precision ≥ ${MIN_PRECISION} on every real list of the judging region ` +
      `(${(Object.keys(JUDGED_BY) as IocRegion[]).map((region) => `${region} by ${JUDGED_BY[region]}`).join(', ')}). ` +
      `Passing: ${passingRegions(evaluations).join(', ') || 'none'}.`,
  ].join('\n');
}

export async function evaluateRangesCommand(options: { from?: string }): Promise<void> {
  const dir = options.from !== undefined ? resolve(options.from) : SPECIES_EXTRACT_DIR;
  console.log(
    `derived bird lists from IOC ranges vs the real lists (${relative(process.cwd(), dir) || '.'}):`,
  );
  const { derived } = await loadSpecies(dir);
  console.log(rangeEvaluationMarkdown(derived.evaluations));
  console.log(describeDerivedGate(derived));
}
