/**
 * Operator commands for reference data (registered in server/cli.ts):
 *
 *   npm run cli -- reference:extract [--from ../shared/data] [--out server/db/reference/data]
 *       rebuilds the committed extract from the full Natural Earth and checklist files;
 *   npm run cli -- import:reference [--from ../shared/data]
 *       imports into the database (DATA_DIR / DATABASE_URL, as the server): the committed extract,
 *       or with --from the full files directly. Always writes (the server's start-up only seeds
 *       when the extract changed).
 */
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../config';
import { databaseOptionsFrom } from '../../plugins/external/db';
import { openDatabase } from '../database';
import { migrateToLatest } from '../migrate';
import { buildExtract, type BuildReport } from './build';
import { EXTRACT_DIR, readExtract, writeExtract, type ReferenceExtract } from './extract';
import { seedReferenceData } from './seed';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Where the shared data sits beside a checkout (…/main and …/shared/data). */
export const DEFAULT_SOURCE_DIR = resolve(REPO_ROOT, '../shared/data');

function describe(extract: ReferenceExtract): string {
  const perClassification = new Map<string, number>();
  for (const item of extract.coverage) {
    perClassification.set(item.classificationId, (perClassification.get(item.classificationId) ?? 0) + 1);
  }
  const coverage = [...perClassification].map(([id, count]) => `${id} ${count}`).join(', ');
  return (
    `${extract.countries.length} countries, ${extract.regions.length} regions, ${extract.languages.length} languages; ` +
    `countries with a species list: ${coverage}`
  );
}

function describeReport(report: BuildReport): string[] {
  const lines = [
    `skipped regions: ${report.skippedRegions.placeholder} placeholders (minor islands, aggregations), ` +
      `${report.skippedRegions.unnamed} without a name, ${report.skippedRegions.noCountry} without a country`,
    `label points from the 1:50m admin-1 layer: ${report.betterLabelPoints} regions`,
  ];
  for (const [list, codes] of Object.entries(report.unmatchedCodes)) {
    lines.push(`${list}: no Natural Earth country for ${codes.join(', ')}`);
  }
  return lines;
}

export async function referenceExtractCommand(options: { from?: string; out?: string }): Promise<void> {
  const from = resolve(options.from ?? DEFAULT_SOURCE_DIR);
  const out = resolve(options.out ?? EXTRACT_DIR);
  const { extract, report } = await buildExtract(from);
  const files = await writeExtract(extract, out);
  console.log(`reference extract from ${from}: ${describe(extract)}`);
  for (const line of describeReport(report)) console.log(line);
  for (const file of files) console.log(`wrote ${relative(process.cwd(), file)}`);
}

export async function importReferenceCommand(options: { from?: string }): Promise<void> {
  let extract: ReferenceExtract;
  if (options.from !== undefined) {
    const built = await buildExtract(resolve(options.from));
    for (const line of describeReport(built.report)) console.log(line);
    extract = built.extract;
  } else {
    extract = await readExtract();
  }
  const database = await openDatabase(databaseOptionsFrom(loadConfig()));
  try {
    await migrateToLatest(database.db);
    const started = Date.now();
    const counts = await seedReferenceData(database.db, extract);
    console.log(
      `imported ${counts.countries} countries, ${counts.regions} regions, ${counts.languages} languages, ` +
        `${counts.classifications} classifications, ${counts.locationClassifications} location classifications ` +
        `in ${Date.now() - started} ms (${database.kind})`,
    );
  } finally {
    await database.close();
  }
}
