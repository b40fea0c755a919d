/**
 * Outgoing mail behind one small interface, with the two adapters side by side:
 * - SMTP through nodemailer when SMTP_URL is set (production);
 * - otherwise each message is rendered by nodemailer (stream transport, so the file is exactly what
 *   SMTP would have sent) and written to DATA_DIR/mail/<time>-<random>.eml, and its link logged, so
 *   a person running the product locally, and the tests, can follow it.
 * Callers never learn whether delivery worked beyond a thrown error; they decide what to tell the
 * member (password reset deliberately says the same thing either way).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body; links stand alone on their own line. */
  text: string;
  /** The one link the message is about, logged by the file adapter. */
  link?: string;
}

export interface Mailer {
  readonly kind: 'file' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface Logger {
  info(object: object, message: string): void;
}

export function createFileMailer(options: { dir: string; from: string; log: Logger }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      await mkdir(options.dir, { recursive: true });
      // ISO time first so a directory listing sorts by sending order; random suffix for same-ms mails.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(options.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log.info({ to: message.to, file, link: message.link }, `mail written: ${message.subject}`);
    },
    close() {
      transport.close();
    },
  };
}

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
    close() {
      transport.close();
    },
  };
}
