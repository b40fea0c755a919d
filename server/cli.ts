/**
 * `npm run cli -- <command> [--option value …]`: operator commands, working on the same DATA_DIR /
 * DATABASE_URL as the server. Each command is one entry of COMMANDS with its usage line; options
 * are parsed with node:util's parseArgs (strict: an unknown option is an error).
 *
 * The commands of the database (commands/index.ts) also work while the server runs: on the
 * embedded database, whose files one process at a time may open, they go to the running server
 * through its control socket in DATA_DIR and run there (control.ts); with no server listening, or
 * on PostgreSQL, they open the database here. The other commands read and write files only, or
 * (the imports) still need the embedded database to themselves.
 */
import { parseArgs } from 'node:util';
import { databaseCommands, isDatabaseCommand, localContext, runDatabaseCommand } from './commands/index';
import { loadConfig } from './config';
import { sendToServer } from './control';
import { importReferenceCommand, referenceExtractCommand } from './db/reference/commands';
import { outlinesCommand } from './db/reference/outlines';
import {
  evaluateRangesCommand,
  importSpeciesCommand,
  speciesExtractCommand,
  speciesWorldCommand,
  usCanadaCommand,
} from './db/species/commands';

interface Command {
  usage: string;
  options: Record<string, { type: 'string' | 'boolean' }>;
  run(values: Record<string, string | boolean | undefined>): Promise<void>;
}

const str = (value: string | boolean | undefined) => (typeof value === 'string' ? value : undefined);

/** A database command: through the running server's control socket, else on the database here. */
async function runOnDatabase(commandName: string, args: string[]): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const output = {
      out: (line: string) => {
        console.log(line);
      },
      err: (line: string) => {
        console.error(line);
      },
    };
    const exit = await sendToServer(config.dataDir, { command: commandName, args }, output);
    if (exit !== null) return exit;
  }
  return runDatabaseCommand(commandName, args, localContext(config));
}

const COMMANDS: Record<string, Command> = {
  ...Object.fromEntries(
    Object.entries(databaseCommands).map(([commandName, command]): [string, Command] => [
      commandName,
      { usage: command.usage, options: command.options, run: () => Promise.resolve() },
    ]),
  ),
  'import:reference': {
    usage:
      'import:reference [--from ../shared/data]   import reference data (committed extract, or the full files)',
    options: { from: { type: 'string' } },
    run: (values) => importReferenceCommand({ from: str(values.from) }),
  },
  'reference:extract': {
    usage:
      'reference:extract [--from ../shared/data] [--out DIR]   rebuild the committed reference-data extract',
    options: { from: { type: 'string' }, out: { type: 'string' } },
    run: (values) => referenceExtractCommand({ from: str(values.from), out: str(values.out) }),
  },
  'reference:outlines': {
    usage:
      'reference:outlines [--from ../shared/data] [--out FILE]   rebuild public/maps/locations.geojson (map outlines)',
    options: { from: { type: 'string' }, out: { type: 'string' } },
    run: (values) => outlinesCommand({ from: str(values.from), out: str(values.out) }),
  },
  'import:species': {
    usage:
      'import:species [--from ../shared/data]   import species (committed demo extract, or the full lists)',
    options: { from: { type: 'string' } },
    run: (values) => importSpeciesCommand({ from: str(values.from) }),
  },
  'species:extract': {
    usage: 'species:extract [--from ../shared/data] [--out DIR]   rebuild the committed species demo extract',
    options: { from: { type: 'string' }, out: { type: 'string' } },
    run: (values) => speciesExtractCommand({ from: str(values.from), out: str(values.out) }),
  },
  'species:world': {
    usage:
      'species:world [--from ../shared/data] [--out DIR]   rewrite the committed world species lists (gzipped)',
    options: { from: { type: 'string' }, out: { type: 'string' } },
    run: (values) => speciesWorldCommand({ from: str(values.from), out: str(values.out) }),
  },
  'species:us-canada': {
    usage:
      'species:us-canada [--from ../shared/data]   print (Markdown) what the US/Canada range rule keeps and removes',
    options: { from: { type: 'string' } },
    run: (values) => usCanadaCommand({ from: str(values.from) }),
  },
  'species:evaluate-ranges': {
    usage:
      'species:evaluate-ranges [--from ../shared/data]   precision and recall of bird lists derived from IOC ranges',
    options: { from: { type: 'string' } },
    run: (values) => evaluateRangesCommand({ from: str(values.from) }),
  },
};

function usage(): string {
  return [
    'usage: npm run cli -- <command> [options]',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
  ].join('\n');
}

const [name, ...rest] = process.argv.slice(2);
const command = name === undefined ? undefined : COMMANDS[name];
if (name === undefined || !command) {
  console.error(name === undefined || name === '--help' ? usage() : `unknown command '${name}'\n${usage()}`);
  process.exit(name === '--help' ? 0 : 1);
} else if (isDatabaseCommand(name)) {
  try {
    process.exitCode = await runOnDatabase(name, rest);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
} else {
  try {
    const { values } = parseArgs({
      args: rest,
      options: command.options,
      strict: true,
      allowPositionals: false,
    });
    await command.run(values);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
