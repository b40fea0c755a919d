import type { Dexie } from 'dexie';

/**
 * Counts the readwrite transactions a Dexie database opens (the sync goal: ≤ ⌈N/1000⌉ + 1 for a
 * pull of N records). Install before the database opens; read `count()` at any
 * time, `reset()` to count from there.
 */
export function countReadwriteTransactions(db: Dexie): { count: () => number; reset: () => void } {
  let readwrite = 0;
  db.use({
    stack: 'dbcore',
    name: 'count-readwrite',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        if (mode === 'readwrite') readwrite += 1;
        return down.transaction(stores, mode, options);
      },
    }),
  });
  return {
    count: () => readwrite,
    reset: () => {
      readwrite = 0;
    },
  };
}
