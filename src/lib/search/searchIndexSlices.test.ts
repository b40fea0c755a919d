import { describe, expect, it } from 'vitest';
import { buildSearchIndex, buildSearchIndexInSlices } from './searchIndex';

/** Real species names (AviList v2025), one document each, repeated to make a list worth slicing. */
const NAMES = ['Bearded Vulture', 'Taiga Bean Goose', 'Bald Eagle', 'Grey-headed Kite', 'Snowy Owl'];
const DOCUMENTS = Array.from({ length: 100 }, (_, doc) => [
  NAMES[doc % NAMES.length] as string,
  `Place ${doc}`,
]);

describe('building the search index in slices', () => {
  it('gives the thread back each time a slice has run its time, and builds the same index', async () => {
    // A clock where every reading is 1 ms later: a slice of 8 ms then reads a handful of documents.
    let clock = 0;
    const now = () => clock++;
    const pausedBefore: number[] = [];
    let read = 0;
    const index = await buildSearchIndexInSlices(
      DOCUMENTS.length,
      (doc) => {
        read = doc + 1;
        return DOCUMENTS[doc] as string[];
      },
      {
        sliceMs: 8,
        now,
        pause: () => {
          pausedBefore.push(read);
          return Promise.resolve();
        },
      },
    );

    expect(index).toEqual(buildSearchIndex(DOCUMENTS));
    // Each slice read the same few documents (one clock reading each plus one at its start), and
    // every document was read in some slice.
    expect(pausedBefore.length).toBeGreaterThan(10);
    const slices = pausedBefore.map((count, i) => count - (pausedBefore[i - 1] ?? 0));
    expect(new Set(slices.slice(1)).size).toBe(1);
    expect(slices[1]).toBeLessThanOrEqual(8);
    expect(read).toBe(DOCUMENTS.length);
  });

  it('does not pause while a slice is within its time', async () => {
    let pauses = 0;
    const index = await buildSearchIndexInSlices(DOCUMENTS.length, (doc) => DOCUMENTS[doc] as string[], {
      now: () => 0,
      pause: () => {
        pauses++;
        return Promise.resolve();
      },
    });
    expect(pauses).toBe(0);
    expect(index.size).toBe(DOCUMENTS.length);
  });
});
