/**
 * The API bench's load generator (api-bench.ts forks it): autocannon against 127.0.0.1 with the
 * options given as JSON in argv[2], rotating over the paths given; sends its result to the parent
 * and exits. Kept apart from api-bench.ts so that the child loads nothing of the app.
 */
import { createRequire } from 'node:module';

export interface LoadOptions {
  port: number;
  /** Paths to rotate over, one per request. */
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  duration: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  bytesPerSecond: number;
}

/** The part of autocannon's result this bench reads (the package has no type declarations). */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

async function generateLoad(options: LoadOptions): Promise<LoadResult> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${options.port}`,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (request: Record<string, unknown>) => ({
          ...request,
          path: options.paths[next++ % options.paths.length],
        }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    bytesPerSecond: result.throughput.average,
  };
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const result = await generateLoad(options);
// Exit once the result is on its way: the open IPC channel would keep the child alive.
process.send?.(result, () => process.exit(0));
