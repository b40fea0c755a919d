import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileMailer } from './mailer';
import { emailVerificationMail, passwordResetMail } from './templates';

let dir: string;
const logged: object[] = [];
const log = { info: (object: object) => void logged.push(object) };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fieldmark-mail-'));
  logged.length = 0;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function onlyFile(): Promise<string> {
  const files = await readdir(dir);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);
  return readFile(join(dir, files[0] ?? ''), 'utf8');
}

describe('file mailer', () => {
  it('writes a reset mail as a readable 7bit .eml with the link alone on its line and the pin', async () => {
    const mailer = createFileMailer({ dir, from: 'Fieldmark <no-reply@127.0.0.1>', log });
    const link = 'http://127.0.0.1:8080/?action=forgotpassword&rid=AbCdEfGhIjKlMnOpQrStUv';
    await mailer.send(
      passwordResetMail({ to: 'ann@example.org', nickname: 'Ann', link, pin: '012345', ttlMinutes: 60 }),
    );
    mailer.close();
    const eml = await onlyFile();
    expect(eml).toContain('To: ann@example.org\n');
    expect(eml).toContain('Subject: Reset your Fieldmark password\n');
    expect(eml).toContain('Content-Transfer-Encoding: 7bit\n');
    expect(eml.split('\n')).toContain(link);
    expect(eml).toContain('\nYour reset pin is: 012345\n');
    expect(logged).toEqual([expect.objectContaining({ to: 'ann@example.org', link })]);
  });

  it('keeps a verification link with the default origin within one 7bit line', async () => {
    const mailer = createFileMailer({ dir, from: 'Fieldmark <no-reply@127.0.0.1>', log });
    const link = `http://127.0.0.1:8080/api/v1.0/verify_email?token=${'x'.repeat(22)}`;
    await mailer.send(emailVerificationMail({ to: 'ann@example.org', nickname: 'Ann', link }));
    mailer.close();
    const eml = await onlyFile();
    expect(eml).toContain('Content-Transfer-Encoding: 7bit\n');
    expect(eml.split('\n')).toContain(link);
  });
});
