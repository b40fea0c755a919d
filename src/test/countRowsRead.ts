import type { DBCore, DBCoreCursor, Dexie } from 'dexie';

/**
 * Counts the rows of one table that IndexedDB hands back (gets, queries and cursors over values;
 * key-only reads and counts are free), so a test can show a page reads a page and not a history.
 * Install before the database opens; `count()` at any time, `reset()` to count from there,
 * `remove()` to take the middleware off again (reopen the database after it).
 */
export function countRowsRead(
  db: Dexie,
  tableName: string,
): { count: () => number; reset: () => void; remove: () => void } {
  const name = `count-rows-read-${tableName}`;
  let rowsRead = 0;
  db.use({
    stack: 'dbcore',
    name,
    create: (down: DBCore): DBCore => ({
      ...down,
      table(tableNameAsked) {
        const table = down.table(tableNameAsked);
        if (tableNameAsked !== tableName) return table;
        // Plain .then, no async functions: Dexie keeps its transaction across its own promises only.
        return {
          ...table,
          get: (request) =>
            table.get(request).then((row: unknown) => {
              if (row !== undefined) rowsRead += 1;
              return row;
            }),
          getMany: (request) =>
            table.getMany(request).then((rows: unknown[]) => {
              rowsRead += rows.filter((row) => row !== undefined).length;
              return rows;
            }),
          query: (request) =>
            table.query(request).then((answer) => {
              if (request.values) rowsRead += answer.result.length;
              return answer;
            }),
          openCursor: (request) =>
            table.openCursor(request).then((cursor) => {
              if (!cursor || !request.values) return cursor;
              const start: DBCoreCursor['start'] = (onNext) =>
                cursor.start(() => {
                  rowsRead += 1;
                  onNext();
                });
              return Object.create(cursor, { start: { value: start } }) as DBCoreCursor;
            }),
        };
      },
    }),
  });
  return {
    count: () => rowsRead,
    reset: () => {
      rowsRead = 0;
    },
    remove: () => db.unuse({ stack: 'dbcore', name }),
  };
}
