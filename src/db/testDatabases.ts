/**
 * Test helper: a fresh FieldmarkDB per call, closed and deleted after each test, so no state is
 * shared between tests. Call at a test file's top level (it registers the afterEach).
 */
import { afterEach } from 'vitest';
import { Dexie } from 'dexie';
import { FieldmarkDB } from './FieldmarkDB';

export function freshDatabases(
  prefix: string,
): (beforeOpen?: (database: FieldmarkDB) => void) => Promise<FieldmarkDB> {
  const opened: FieldmarkDB[] = [];
  let counter = 0;
  afterEach(async () => {
    for (const database of opened.splice(0)) {
      database.close();
      await Dexie.delete(database.name);
    }
  });
  // `beforeOpen`: what must be in place before the database opens (a DBCore middleware).
  return async (beforeOpen?: (database: FieldmarkDB) => void) => {
    counter += 1;
    const database = new FieldmarkDB(`${prefix}-${counter}`);
    opened.push(database);
    beforeOpen?.(database);
    await database.open();
    return database;
  };
}
