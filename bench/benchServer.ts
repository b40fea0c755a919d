/**
 * The server configuration every benchmark runs its in-process server with: a throwaway data
 * folder, any port, no built app unless one is given, and rate limits out of the way (a benchmark
 * signs in and calls far more often than a member; the limits are proven by tests/server).
 */
import { join } from 'node:path';
import { loadConfig, type ServerConfig } from '../server/config';

const unlimited = { max: 1_000_000, timeWindowMs: 60_000 };

export function benchServerConfig(options: {
  dataDir: string;
  staticDir?: string;
  logLevel?: string;
}): ServerConfig {
  return {
    ...loadConfig({}),
    port: 0,
    dataDir: options.dataDir,
    staticDir: options.staticDir ?? join(options.dataDir, 'no-dist'),
    logLevel: options.logLevel ?? 'warn',
    rateLimits: { login: unlimited, register: unlimited, passwordReset: unlimited },
  };
}
