/**
 * The texts of the mails the accounts API sends. Plain text only: the link stands alone on its own
 * line and the pin reads `Your reset pin is: 123456`, so a person can use it and a test can find it.
 * Lines stay within 76 characters: then nodemailer sends the body as 7bit, and the .eml file reads
 * as plain text (a longer line switches the whole body to quoted-printable, `=3D` and all).
 */
import { product } from '@config/product';
import type { MailMessage } from './mailer';

export function passwordResetMail(input: {
  to: string;
  nickname: string;
  link: string;
  pin: string;
  ttlMinutes: number;
}): MailMessage {
  return {
    to: input.to,
    subject: `Reset your ${product.name} password`,
    link: input.link,
    text: [
      `Hello ${input.nickname},`,
      '',
      `Someone (hopefully you) asked to reset the password of your`,
      `${product.name} account. Open this link to choose a new password:`,
      '',
      input.link,
      '',
      `Your reset pin is: ${input.pin}`,
      '',
      `The link and pin work for ${input.ttlMinutes} minutes. If you did not ask`,
      'for this, ignore this email; your password stays as it is.',
      '',
    ].join('\n'),
  };
}

export function emailVerificationMail(input: { to: string; nickname: string; link: string }): MailMessage {
  return {
    to: input.to,
    subject: `Confirm your email address for ${product.name}`,
    link: input.link,
    text: [
      `Hello ${input.nickname},`,
      '',
      `Welcome to ${product.name}! Please confirm your email address`,
      'by opening this link:',
      '',
      input.link,
      '',
      'If you did not create an account, ignore this email.',
      '',
    ].join('\n'),
  };
}
