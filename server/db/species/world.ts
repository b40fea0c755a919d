/**
 * The whole world's species lists, committed in server/db/species/world/ (issue 21: a fresh clone
 * knows the mammals and amphibians of every country and the birds of every list we have). The
 * files are the species files of ../shared/data byte for byte, gzipped; a file whose gzip would
 * reach MAX_PART_BYTES is cut into consecutive parts of whole lines (`name.csv.1.gz`, …), because no
 * committed file may reach 1 MB. sources.ts reads either form back to the same bytes, so the world
 * lists have the same checksum as an `import:species --from ../shared/data` of the same files.
 *
 *   npm run cli -- species:world [--from ../shared/data] [--out server/db/species/world]
 */
import { readdir, readFile, rm, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SPECIES_FILE_KEYS, SPECIES_FILES, SPECIES_WORLD_DIR } from './sources';

/** The largest compressed file written (below 1 MB with room to spare). */
export const MAX_PART_BYTES = 900_000;

const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 });

/** `bytes` cut at line ends into `count` slices of about the same size (concatenated: `bytes`). */
export function splitLines(bytes: Buffer, count: number): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let part = 1; part < count; part += 1) {
    const target = Math.round((bytes.length * part) / count);
    const end = bytes.indexOf(0x0a, Math.max(target, start));
    if (end === -1) break;
    parts.push(bytes.subarray(start, end + 1));
    start = end + 1;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

/** The gzipped form of one file: one buffer, or parts each below MAX_PART_BYTES. */
export function packFile(bytes: Buffer, maxPart: number = MAX_PART_BYTES): Buffer[] {
  for (let count = 1; ; count += 1) {
    const packed = splitLines(bytes, count).map(gzip);
    if (packed.every((part) => part.length < maxPart)) return packed;
    if (count > 64) throw new Error(`species world: a file does not pack below ${maxPart} bytes`);
  }
}

/** Writes the species files of `from` gzipped into `out`, replacing any earlier form of each. */
export async function packWorldFiles(from: string, out: string = SPECIES_WORLD_DIR): Promise<string[]> {
  await mkdir(out, { recursive: true });
  const existing = await readdir(out);
  const written: string[] = [];
  for (const key of SPECIES_FILE_KEYS) {
    const file = SPECIES_FILES[key];
    for (const name of existing) {
      if (name === file || name.startsWith(`${file}.`)) await rm(join(out, name));
    }
    const packed = packFile(await readFile(join(from, file)));
    for (const [index, bytes] of packed.entries()) {
      const path = join(out, packed.length === 1 ? `${file}.gz` : `${file}.${index + 1}.gz`);
      await writeFile(path, bytes);
      written.push(path);
    }
  }
  return written;
}
