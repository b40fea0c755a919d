import { describe, expect, it } from 'vitest';
import { linkIn, parseEml, pinIn } from './mailbox';

describe('parseEml', () => {
  it('decodes a quoted-printable body (long links) back to the text that was sent', () => {
    const raw = [
      'From: Fieldmark <no-reply@example.org>',
      'To: Ann <ann@example.org>',
      'Subject: Reset your',
      ' Fieldmark password',
      'Content-Transfer-Encoding: quoted-printable',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hello Ann =E2=80=94 welcome,',
      '',
      'https://a-very-long-public-origin.example.org/?action=3Dforgotpassword&rid=',
      '=3DAbCdEfGhIjKlMnOpQrStUv',
      '',
      'Your reset pin is: 012345',
      '',
    ].join('\r\n');
    const mail = parseEml(raw);
    expect(mail.to).toBe('ann@example.org');
    expect(mail.subject).toBe('Reset your Fieldmark password');
    expect(mail.text).toContain('Hello Ann — welcome,');
    expect(linkIn(mail)).toBe(
      'https://a-very-long-public-origin.example.org/?action=forgotpassword&rid=AbCdEfGhIjKlMnOpQrStUv',
    );
    expect(pinIn(mail)).toBe('012345');
  });

  it('reads a 7bit body as it is', () => {
    const mail = parseEml('To: bo@example.org\nSubject: Hi\n\nhttp://x.test/?a=1\n');
    expect(linkIn(mail)).toBe('http://x.test/?a=1');
    expect(() => pinIn(mail)).toThrow(/no pin/);
  });
});
