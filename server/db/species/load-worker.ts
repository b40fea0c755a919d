/**
 * Builds the species of a directory in a worker thread (background.ts): parsing 19 MB of CSV and
 * building 40,000 records takes several seconds of CPU, which on the main thread would stop the
 * API answering while the start-up seed runs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadSpecies } from './seed';

const { dir } = workerData as { dir: string };
parentPort?.postMessage(await loadSpecies(dir));
