/**
 * The one HTTP client of the app: every call to `/api/v1.0/` goes through `request` (SPEC §7
 * "Token handling"). What it guarantees:
 *
 * - GET sends its payload as a query string, other methods as a JSON body.
 * - The bearer is the member's auth token when signed in, else a client token from `oauth/token`,
 *   renewed when its expiry segment has passed (a little early, so it never dies in flight).
 * - A token in the `X-Auth-Token` response header replaces the stored auth token.
 * - 401 'Invalid Token': an auth token is re-established with the refresh credential
 *   (`POST login {method: 'refresh'}`; the password is never stored — documented deviation from the
 *   spec), a client token is fetched again; then the call is retried once. When the session cannot
 *   be re-established the member is signed out on this device.
 * - Each attempt times out after 60 s; a network failure (no HTTP answer) is retried 3 times. An
 *   HTTP error is never retried: the server has answered.
 * - Offline (navigator.onLine false, or still no answer after the retries) fails with the spec's
 *   offline message; any other failure carries the server's `reason` as its message.
 *
 * Every dependency is passed in, so the same code runs in the browser and in Node tests against a
 * real in-process server.
 */
import type { ClientTokenResponse, LoginResponse } from '@contract/auth';
import { messages } from '@contract/messages';
import { REQUEST_RETRIES, REQUEST_TIMEOUT_MS } from '../lib/constants';
import { isTokenExpired } from '../lib/tokenExpiry';
import { ApiError } from './ApiError';
import type { TokenStorage } from './tokens';
import { apiUrl, type Payload } from './url';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClientOptions {
  /** Configured host + `/api/v1.0/`. */
  baseUrl: string;
  fetch: typeof globalThis.fetch;
  tokens: TokenStorage;
  /** Milliseconds since the epoch, like Date.now(). */
  now: () => number;
  /** Whether the device believes it is online (navigator.onLine in the browser). */
  isOnline: () => boolean;
  clientCredentials: { clientId: string; clientSecret: string };
  timeoutMs?: number;
  retries?: number;
  /** Pause before the n-th retry is n × this; small in tests. */
  retryDelayMs?: number;
}

export interface RequestOptions {
  /** Cancels the call (an unmounted page, an RTK Query unsubscribe); never retried. */
  signal?: AbortSignal;
}

/** A file the server answered (a PDF): its bytes and the name it gave (`Content-Disposition`). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, payload?: Payload, options?: RequestOptions): Promise<T>;
  /**
   * A GET answered with a file instead of JSON, with the same tokens, retries and offline rule as
   * `request`; an error answer (JSON) fails with its reason as `request` does.
   */
  download(path: string, payload?: Payload, options?: RequestOptions): Promise<DownloadedFile>;
}

/** Renew a client token this long before its expiry second. */
const CLIENT_TOKEN_MARGIN_S = 30;
const INVALID_TOKEN = messages.invalidToken;

interface Answer {
  response: Response;
  /** The parsed JSON (or text); a Blob for a file asked for with `binary`. */
  body: unknown;
}

interface Sent extends Answer {
  /** The auth token the call went out with, or null when it used the client token. */
  usedAuthToken: string | null;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { tokens, now, isOnline } = options;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const retries = options.retries ?? REQUEST_RETRIES;
  const retryDelayMs = options.retryDelayMs ?? 500;

  // Concurrent calls share one token request and one re-authentication instead of racing.
  let pendingClientToken: Promise<string> | null = null;
  let pendingReauth: Promise<boolean> | null = null;

  /** One HTTP exchange with timeout and network retries; throws only for no answer at all. */
  async function exchange(
    method: HttpMethod,
    path: string,
    payload: Payload | undefined,
    bearer: string | null,
    signal: AbortSignal | undefined,
    binary = false,
  ): Promise<Answer> {
    const isGet = method === 'GET';
    const url = apiUrl(options.baseUrl, path, isGet ? payload : undefined);
    const headers: Record<string, string> = { accept: binary ? '*/*' : 'application/json' };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (!isGet && payload !== undefined) headers['content-type'] = 'application/json';
    const body = !isGet && payload !== undefined ? JSON.stringify(payload) : undefined;

    for (let attempt = 0; ; attempt += 1) {
      if (!isOnline()) throw ApiError.offline();
      signal?.throwIfAborted();
      const controller = new AbortController();
      const timer = setTimeout(() => {
        controller.abort(new Error('timeout'));
      }, timeoutMs);
      const cancel = () => {
        controller.abort(signal?.reason);
      };
      signal?.addEventListener('abort', cancel, { once: true });
      try {
        const response = await options.fetch(url, { method, headers, body, signal: controller.signal });
        if (binary && response.ok && !/json/i.test(response.headers.get('content-type') ?? '')) {
          return { response, body: await response.blob() };
        }
        const text = await response.text();
        return { response, body: parseBody(text) };
      } catch (error) {
        if (signal?.aborted) throw error;
        if (attempt >= retries) throw ApiError.offline();
        await delay(retryDelayMs * (attempt + 1));
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
      }
    }
  }

  async function fetchClientToken(): Promise<string> {
    const { response, body } = await exchange(
      'POST',
      'oauth/token',
      {
        grant_type: 'client_credentials',
        client_id: options.clientCredentials.clientId,
        client_secret: options.clientCredentials.clientSecret,
      },
      null,
      undefined,
    );
    const answer = successBody(response, body) as ClientTokenResponse;
    tokens.saveClientToken(answer.access_token);
    return answer.access_token;
  }

  /** A valid client token: the stored one, or a new one when it is missing, expired or refused. */
  function clientToken(renew: boolean): Promise<string> {
    const stored = tokens.clientToken();
    if (!renew && stored && !isTokenExpired(stored, now(), CLIENT_TOKEN_MARGIN_S)) {
      return Promise.resolve(stored);
    }
    pendingClientToken ??= fetchClientToken().finally(() => {
      pendingClientToken = null;
    });
    return pendingClientToken;
  }

  async function send(
    method: HttpMethod,
    path: string,
    payload: Payload | undefined,
    signal: AbortSignal | undefined,
    binary = false,
  ): Promise<Sent> {
    const usedAuthToken = tokens.authToken();
    const bearer = usedAuthToken ?? (await clientToken(false));
    const answer = await exchange(method, path, payload, bearer, signal, binary);
    const rotated = answer.response.headers.get('x-auth-token');
    // Only a rotation of the token still in use counts: a late answer must not bring back a
    // session that was signed out (or replaced) while the call was in flight.
    if (rotated && usedAuthToken !== null && tokens.authToken() === usedAuthToken) {
      tokens.saveAuthToken(rotated);
    }
    return { ...answer, usedAuthToken };
  }

  /**
   * Re-establishes the member's session after 'Invalid Token'. True when a usable auth token is
   * stored afterwards. The member is signed out only when the server definitively refuses the
   * refresh credential: a device that is merely offline keeps its session.
   */
  async function reauthenticate(rejectedToken: string): Promise<boolean> {
    const current = tokens.authToken();
    if (current !== null && current !== rejectedToken) return true; // another call already did it
    pendingReauth ??= (async () => {
      const refreshToken = tokens.refreshToken();
      if (!refreshToken) {
        tokens.clearUser();
        return false;
      }
      const bearer = await clientToken(false);
      const { response, body } = await exchange(
        'POST',
        'login?include_profile=true',
        { method: 'refresh', access_token: refreshToken },
        bearer,
        undefined,
      );
      if (response.ok && isSuccess(body)) {
        tokens.saveRefreshedSession(body as LoginResponse);
        return true;
      }
      if (response.status >= 400 && response.status < 500) tokens.clearUser();
      return false;
    })().finally(() => {
      pendingReauth = null;
    });
    return pendingReauth;
  }

  /** One call with the token rules: an 'Invalid Token' answer re-establishes the token and retries once. */
  async function call(
    method: HttpMethod,
    path: string,
    payload: Payload | undefined,
    signal: AbortSignal | undefined,
    binary: boolean,
  ): Promise<Answer> {
    const first = await send(method, path, payload, signal, binary);
    if (!isInvalidToken(first)) return first;

    if (first.usedAuthToken !== null) {
      const restored = await reauthenticate(first.usedAuthToken);
      if (!restored) throw failure(first.response, first.body);
    } else {
      await clientToken(true);
    }

    const second = await send(method, path, payload, signal, binary);
    if (isInvalidToken(second) && second.usedAuthToken !== null) tokens.clearUser();
    return second;
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    payload?: Payload,
    requestOptions: RequestOptions = {},
  ): Promise<T> {
    const answer = await call(method, path, payload, requestOptions.signal, false);
    return successBody(answer.response, answer.body) as T;
  }

  async function download(
    path: string,
    payload?: Payload,
    requestOptions: RequestOptions = {},
  ): Promise<DownloadedFile> {
    const { response, body } = await call('GET', path, payload, requestOptions.signal, true);
    if (!response.ok || !(body instanceof Blob)) throw failure(response, body);
    return { blob: body, filename: fileNameOf(response.headers.get('content-disposition')) };
  }

  return { request, download };
}

/** The file name of `attachment; filename="x.pdf"` (or `filename*=UTF-8''x.pdf`); null without one. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  const [, encodedName] = encoded ?? [];
  if (encodedName !== undefined) {
    try {
      return decodeURIComponent(encodedName.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isSuccess(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'success';
}

function reasonOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { reason } = body as { reason?: unknown };
  return typeof reason === 'string' && reason !== '' ? reason : undefined;
}

function isInvalidToken({ response, body }: Answer): boolean {
  return response.status === 401 && reasonOf(body) === INVALID_TOKEN;
}

function failure(response: Response, body: unknown): ApiError {
  const reason = reasonOf(body) ?? (response.statusText || messages.serverError);
  return new ApiError(response.status, reason, body);
}

/**
 * The body of a successful answer. An HTTP error, or a 2xx whose body says `status: 'failed'`
 * (SPEC §8: a 'failed' status is an error carrying its reason), becomes an ApiError.
 */
function successBody(response: Response, body: unknown): unknown {
  const saysFailed =
    typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'failed';
  if (!response.ok || saysFailed) throw failure(response, body);
  return body;
}
