/**
 * The server's control socket: how the operator CLI works while the server runs on the embedded
 * database, which admits one process (two would corrupt it; the data-directory lock refuses the
 * second). The running server listens on a Unix domain socket inside DATA_DIR
 * (`DATA_DIR/control.sock`, mode 0600 and created under umask 077), so only who may read and write
 * the data directory — who could open the database anyway — can send it a command. The CLI, finding
 * the socket, sends the command name and its raw arguments; the server parses and runs them with the
 * same code the CLI would (commands/index.ts) on its own database handle and streams the lines back.
 * No socket (no server), or one nobody listens on (a server that died): the CLI opens the database
 * itself, as before. On PostgreSQL no socket is opened: the CLI connects as any client does.
 *
 * Protocol, one JSON object per line: the CLI sends `{"command", "args"}`; the server answers
 * `{"out": line}` and `{"err": line}` as they come, then `{"exit": code}` and closes.
 * Arguments hold passwords: they are never logged; the log says which command ran and its exit.
 */
import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { Database } from './db/database';
import { isDatabaseCommand, runDatabaseCommand, serverContext } from './commands/index';

export const CONTROL_SOCKET_FILE = 'control.sock';
/** A request larger than this is not a command line: the connection is dropped. */
const MAX_REQUEST_BYTES = 64 * 1024;
/** sun_path holds 108 bytes on Linux, 104 on macOS, the terminating NUL included. */
const MAX_SOCKET_PATH_BYTES = 103;

export function controlSocketPath(dataDir: string): string {
  return join(dataDir, CONTROL_SOCKET_FILE);
}

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

interface ControlRequest {
  command: string;
  args: string[];
}

function parseRequest(line: string): ControlRequest | undefined {
  try {
    const value = JSON.parse(line) as { command?: unknown; args?: unknown };
    const { command, args } = value;
    if (typeof command !== 'string' || !Array.isArray(args)) return undefined;
    if (!args.every((arg): arg is string => typeof arg === 'string')) return undefined;
    return { command, args };
  } catch {
    return undefined;
  }
}

/** Reads the request line, runs the command, streams its lines and exit code back. */
function serve(socket: Socket, database: Database, log: Logger): void {
  let buffered = '';
  let started = false;
  const send = (message: object) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
  };
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    if (started) return;
    buffered += chunk;
    const end = buffered.indexOf('\n');
    if (end < 0) {
      if (Buffer.byteLength(buffered) > MAX_REQUEST_BYTES) socket.destroy();
      return;
    }
    started = true;
    const request = parseRequest(buffered.slice(0, end));
    void (async () => {
      let exit = 1;
      if (!request) send({ err: 'not a command request' });
      else if (!isDatabaseCommand(request.command))
        send({ err: `'${request.command}' does not run through the server: stop the server to run it` });
      else {
        try {
          exit = await runDatabaseCommand(
            request.command,
            request.args,
            serverContext(database, (line) => {
              send({ out: line });
            }),
          );
        } catch (error) {
          send({ err: error instanceof Error ? error.message : String(error) });
        }
        log.info({ command: request.command, exit }, 'operator command run through the control socket');
      }
      send({ exit });
      socket.end();
    })();
  });
}

/**
 * Listens on DATA_DIR/control.sock when the database is the embedded one; null on PostgreSQL (the
 * CLI shares it directly) or when the path is too long for a socket (logged: the CLI then asks for
 * the server to be stopped, as the lock always did).
 */
export async function startControlSocket(options: {
  dataDir: string;
  database: Database;
  log: Logger;
}): Promise<ControlSocket | null> {
  const { dataDir, database, log } = options;
  if (database.kind !== 'pglite') return null;
  const path = controlSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    log.warn({ path }, 'DATA_DIR is too long a path for the control socket: stop the server to use the CLI');
    return null;
  }
  // This process holds the data directory's lock, so a socket file here was left by a server that
  // died: no live server can be listening on it.
  await rm(path, { force: true });
  const server: Server = createServer((socket) => {
    serve(socket, database, log);
  });
  const previousMask = process.umask(0o077);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(previousMask);
  }
  await chmod(path, 0o600);
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        // Node removes the socket file when the server closes; commands in flight finish first.
        server.close(() => {
          resolve();
        });
      }),
  };
}

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/**
 * Sends a command to the server listening on DATA_DIR's control socket; answers its exit code, or
 * null when no server listens there (no socket file, or one left by a server that stopped).
 */
export function sendToServer(
  dataDir: string,
  request: ControlRequest,
  output: CommandOutput,
): Promise<number | null> {
  const path = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let connected = false;
    let exit: number | undefined;
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, end)) as { out?: string; err?: string; exit?: number };
        buffered = buffered.slice(end + 1);
        if (message.out !== undefined) output.out(message.out);
        if (message.err !== undefined) output.err(message.err);
        if (message.exit !== undefined) exit = message.exit;
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const nobody = ['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(error.code ?? '');
      if (!connected && nobody) resolve(null);
      else reject(error);
    });
    socket.on('close', () => {
      if (!connected) return;
      if (exit === undefined)
        reject(new Error('The server closed the control socket before the command finished.'));
      else resolve(exit);
    });
  });
}
