/**
 * One HTTP/1.1 request written byte for byte to a listening test server (t.listen()), for what
 * neither `app.inject` nor fetch can send: raw bytes in the request line (NUL, malformed escapes
 * left as they are), headers over Node's size limit, a broken request line. The answer is read
 * until the server closes the connection (the request says `Connection: close`).
 */
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method?: string;
  /** The request target exactly as written on the wire. */
  target: string;
  headers?: Record<string, string>;
  body?: string;
  /** Replaces the whole request (method, target and headers are then ignored). */
  raw?: Buffer | string;
}

function decodeChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export function parseRawAnswer(data: Buffer): RawAnswer {
  const headerEnd = data.indexOf('\r\n\r\n');
  if (headerEnd < 0)
    throw new Error(`no HTTP answer: ${JSON.stringify(data.toString('latin1').slice(0, 200))}`);
  const [statusLine = '', ...lines] = data.subarray(0, headerEnd).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!match) throw new Error(`not an HTTP status line: ${JSON.stringify(statusLine)}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = data.subarray(headerEnd + 4);
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') body = decodeChunked(body);
  return { status: Number(match[1]), headers, body: body.toString('utf8') };
}

export function rawRequest(baseUrl: string, request: RawRequest, timeoutMs = 10_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const head = () => {
    const headers: Record<string, string> = {
      host: `${hostname}:${port}`,
      connection: 'close',
      ...(request.body !== undefined ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}),
      ...request.headers,
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    return `${request.method ?? 'GET'} ${request.target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${request.body ?? ''}`;
  };
  const bytes = request.raw ?? Buffer.from(head(), 'latin1');
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          `no answer within ${timeoutMs} ms to ${request.method ?? 'GET'} ${request.target.slice(0, 100)}`,
        ),
      );
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may close while we still write (an over-large header): the answer is what counts.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(parseRawAnswer(Buffer.concat(chunks)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.write(bytes);
  });
}
