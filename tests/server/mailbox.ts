/**
 * Reads the mail the server wrote as .eml files (DATA_DIR/mail, the default mail adapter), the way
 * a person would: newest last, headers unfolded, the text body decoded (nodemailer uses
 * quoted-printable once a line passes 76 characters, which links do). Node only, no server imports,
 * so end-to-end specs can use it too.
 *
 * Format of one file: RFC 5322 headers (From, To, Subject, Date, Message-ID, MIME-Version,
 * Content-Type: text/plain; charset=utf-8, Content-Transfer-Encoding: 7bit or quoted-printable),
 * a blank line, then the plain-text body in which the link stands alone on its own line and a
 * reset mail says `Your reset pin is: 123456`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export function parseEml(raw: string, file = ''): ReceivedMail {
  const normalised = raw.replace(/\r\n/g, '\n');
  const split = normalised.indexOf('\n\n');
  const head = split === -1 ? normalised : normalised.slice(0, split);
  const body = split === -1 ? '' : normalised.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  const to = headers.get('to') ?? '';
  return { file, to: /<([^>]+)>/.exec(to)?.[1] ?? to, subject: headers.get('subject') ?? '', text };
}

/** Every mail in the folder, oldest first (file names start with the ISO sending time). */
export async function readMailbox(mailDir: string): Promise<ReceivedMail[]> {
  let files: string[];
  try {
    files = (await readdir(mailDir)).filter((file) => file.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(
    files.map(async (file) => parseEml(await readFile(join(mailDir, file), 'utf8'), join(mailDir, file))),
  );
}

export async function mailsTo(mailDir: string, to: string): Promise<ReceivedMail[]> {
  return (await readMailbox(mailDir)).filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
}

/** The newest mail to this address; throws when there is none. */
export async function lastMailTo(mailDir: string, to: string): Promise<ReceivedMail> {
  const mail = (await mailsTo(mailDir, to)).at(-1);
  if (!mail) throw new Error(`no mail to ${to} in ${mailDir}`);
  return mail;
}

/** The link standing alone on its own line. */
export function linkIn(mail: ReceivedMail): string {
  const link = mail.text.split('\n').find((line) => /^https?:\/\/\S+$/.test(line.trim()));
  if (!link) throw new Error(`no link in mail '${mail.subject}'`);
  return link.trim();
}

export function pinIn(mail: ReceivedMail): string {
  const pin = /Your reset pin is: (\d{6})/.exec(mail.text)?.[1];
  if (!pin) throw new Error(`no pin in mail '${mail.subject}'`);
  return pin;
}
