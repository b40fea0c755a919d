/**
 * One autocannon run for `bench:load`, in its own process (on 2 cores a load generator sharing the
 * server's event loop would measure itself). Argument: JSON {url, connections, duration, rate?,
 * requests?}; prints autocannon's result as JSON on stdout.
 */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}') as {
  url: string;
  connections: number;
  duration: number;
  /** Requests per second for the whole run (a probe), or as fast as the server answers. */
  rate?: number;
  requests?: Array<{ method: string; path: string; headers?: Record<string, string>; body?: string }>;
};

const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  ...(options.rate ? { overallRate: options.rate } : {}),
  ...(options.requests ? { requests: options.requests } : {}),
});
process.stdout.write(JSON.stringify(result));
