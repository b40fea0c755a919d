/**
 * `npm run serve` / `npm start`: read the environment, open and migrate the database, build the
 * app, listen. On SIGINT/SIGTERM (or a crash) close-with-grace closes Fastify first (finishing
 * requests in flight) and the database last — an open PGlite would otherwise keep the process alive.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { startControlSocket, type ControlSocket } from './control';
import { openDatabase } from './db/database';
import { ensureContentData, type ContentSeedCounts } from './db/content/seed';
import { migrateToLatest } from './db/migrate';
import { ensureReferenceData, type SeedCounts } from './db/reference/seed';
import { seedWorldSpecies } from './db/species/background';
import { ensureSpeciesData, type SpeciesSeedCounts } from './db/species/seed';
import { databaseOptionsFrom } from './plugins/external/db';
import { ensurePlacesData } from './plugins/app/places/seed';
import { demoCodesCsv, ensureLogbooksData, type DemoLogbookCode } from './plugins/app/logbooks/seed';

const config = loadConfig();
const database = await openDatabase(databaseOptionsFrom(config));
let seeded: SeedCounts | null;
let seededSpecies: SpeciesSeedCounts | null = null;
let seededContent: ContentSeedCounts | null;
let seededPlaces: number | null;
let seededLogbooks: DemoLogbookCode[] | null;
try {
  await migrateToLatest(database.db);
  // Countries, regions, languages and classifications: seeded when empty or when the extract changed.
  seeded = await ensureReferenceData(database.db);
  // Species (never over a full import): the world lists are seeded in the background once the
  // server listens (below); SPECIES_DATA=demo seeds the small extract now, when it changed.
  if (config.speciesData === 'demo') seededSpecies = await ensureSpeciesData(database.db);
  // Terms, privacy policy and help: the rows that are missing; an existing row is the operator's.
  seededContent = await ensureContentData(database.db);
  // Demo places (real parks, approximate points): once, after the locations they lie in.
  seededPlaces = await ensurePlacesData(database.db);
  // Demo logbooks (real checklists of the species above) and their printed codes: once.
  seededLogbooks = await ensureLogbooksData(database.db);
} catch (error) {
  await database.close();
  throw error;
}
const app = await buildApp(config, { database });
if (seeded) app.log.info({ seeded }, 'reference data seeded');
if (seededPlaces !== null) app.log.info({ seeded: seededPlaces }, 'demo places seeded');
if (seededLogbooks && seededLogbooks.length > 0) {
  // The operator's copy of the "printed" codes: logged once, and kept in DATA_DIR (docs/shop.md).
  const file = join(config.dataDir, 'demo-logbook-codes.csv');
  await writeFile(file, demoCodesCsv(seededLogbooks));
  app.log.info({ codes: seededLogbooks.map((c) => `${c.code} ${c.name}`), file }, 'demo logbooks seeded');
}
if (seededContent) app.log.info({ seeded: seededContent }, 'content pages and help seeded');
function logSpeciesSeed(counts: SpeciesSeedCounts | null): void {
  if (!counts) return;
  const { origin, species, written, locations, ms } = counts;
  app.log.info({ origin, species, written, locations, ms }, 'species data seeded');
}
logSpeciesSeed(seededSpecies);
let closing = false;

let control: ControlSocket | null = null;
closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  closing = true;
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info(`${signal ?? 'close'} received, shutting down`);
  await control?.close();
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
// The operator CLI's way in while this process holds the embedded database (control.ts).
control = await startControlSocket({ dataDir: config.dataDir, database, log: app.log });
if (config.speciesData === 'world') {
  // The species calls answer `loading` meanwhile; a seed cut short by a stop resumes next start.
  seedWorldSpecies(database.db, app.speciesSeed).then(logSpeciesSeed, (error: unknown) => {
    if (closing) app.log.warn('species seed stopped by the shutdown; it resumes at the next start');
    else app.log.error({ err: error }, 'species seed failed; it is tried again at the next start');
  });
}
app.log.info(
  `${config.publicUrl} — ${database.kind === 'pglite' ? `embedded database in ${config.dataDir}/pglite` : 'PostgreSQL'}, ` +
    `mail ${config.smtpUrl ? 'via SMTP' : `to ${config.dataDir}/mail`}`,
);
