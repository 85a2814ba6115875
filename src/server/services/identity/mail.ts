// Outgoing mail through SMTP (nodemailer), configured by SMTP_URL and MAIL_FROM. Without SMTP_URL mail is off:
// the server says so in its log at start, and the calls that would send mail answer that it is off.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly enabled: boolean;
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    log.info('mail is off: SMTP_URL is not set, so participant password reset codes cannot be sent');
    return {
      enabled: false,
      send: () => Promise.reject(new Error('mail is off')),
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    enabled: true,
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}
