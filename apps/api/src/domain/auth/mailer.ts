import type { FastifyBaseLogger } from 'fastify';
import { assertNotInGroupWrite } from '../../db/group-commit.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** `mailer`, refusing to send from a write that group commit may run twice (db/group-commit.ts). */
export function outsideGroupWrites(mailer: Mailer): Mailer {
  return {
    send(message) {
      assertNotInGroupWrite('Sending mail');
      return mailer.send(message);
    },
  };
}

/** SMTP when SMTP_URL is set; otherwise the message goes to the server log, so a self-hosted admin can still read it. */
export function createMailer(options: { smtpUrl?: string; from: string; logger: FastifyBaseLogger }): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.logger.warn(
          { mail: message },
          `E-mail não enviado (SMTP_URL não configurado). Para: ${message.to}. Assunto: ${message.subject}.\n${message.text}`,
        );
      },
    };
  }
  const smtpUrl = options.smtpUrl;
  // nodemailer (~5 MB of heap) is loaded with the first e-mail, not at start-up: most servers send a few a month
  let transport: Promise<{ sendMail(mail: object): Promise<unknown> }> | null = null;
  return {
    async send(message) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      );
      await (await transport).sendMail({ from: options.from, ...message });
    },
  };
}
