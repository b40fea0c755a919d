/**
 * A stand-in for the network in component tests (a process boundary, the one thing tests may
 * replace): answers API calls from a route table and records what was sent. The client code under
 * test is the real one; tests of the client against the real server live in tests/server.
 */
export interface SentRequest {
  method: string;
  /** Path below /api/v1.0/, with its query string. */
  path: string;
  body: unknown;
  authorization: string | null;
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type FakeRoute = (request: SentRequest) => FakeAnswer | undefined;

export const FAKE_BASE_URL = 'http://fieldmark.test/api/v1.0/';

export interface FakeNetwork {
  fetch: typeof fetch;
  sent: SentRequest[];
  /** Adds an answer for `METHOD path` (path without the query string); later routes win. */
  on(method: string, path: string, answer: FakeAnswer | ((request: SentRequest) => FakeAnswer)): void;
}

/** The `last_mod` a pull was sent with (0 when none). */
function lastModOf(path: string): number {
  return Number(new URL(path, 'http://x/').searchParams.get('last_mod') ?? 0);
}

export function fakeNetwork(): FakeNetwork {
  const sent: SentRequest[] = [];
  const routes: FakeRoute[] = [
    // Every signed-out call first needs a client token.
    (request) =>
      request.path === 'oauth/token'
        ? {
            body: {
              status: 'success',
              access_token: `client.4000000000`,
              token_type: 'Bearer',
              expires_in: 86400,
            },
          }
        : undefined,
    // A server without places: any change of the member's location pulls the region's places
    // (features/places/placesSyncListeners.ts), and a test about something else must not see that
    // pull fail and its retries run into the next test. A test about places answers its own.
    (request) =>
      /^collection\/(hotspots|field_guides)\?/.test(request.path)
        ? { body: { status: 'success', records: [], more: false, last_mod: lastModOf(request.path) } }
        : undefined,
  ];
  const fetchFake: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const request: SentRequest = {
      method: init?.method ?? 'GET',
      path: `${url.pathname.replace('/api/v1.0/', '')}${url.search}`,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      authorization: new Headers(init?.headers).get('authorization'),
    };
    sent.push(request);
    await Promise.resolve();
    for (const route of [...routes].reverse()) {
      const answer = route(request);
      if (answer) {
        return new Response(JSON.stringify(answer.body), {
          status: answer.status ?? 200,
          headers: { 'content-type': 'application/json', ...answer.headers },
        });
      }
    }
    return new Response(JSON.stringify({ status: 'failed', reason: 'Not found.' }), { status: 404 });
  };
  return {
    fetch: fetchFake,
    sent,
    on(method, path, answer) {
      routes.push((request) => {
        if (request.method !== method || request.path.split('?')[0] !== path) return undefined;
        return typeof answer === 'function' ? answer(request) : answer;
      });
    },
  };
}

/** Requests other than the client-token request, as `METHOD path`. */
export function apiCalls(network: FakeNetwork): string[] {
  return network.sent.filter((request) => request.path !== 'oauth/token').map((r) => `${r.method} ${r.path}`);
}
