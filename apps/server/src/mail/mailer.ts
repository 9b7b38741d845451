import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../env';

// Decision 127: mail goes through nodemailer. With SMTP_URL it is delivered over SMTP; without
// it, each message is written to DATA_DIR/outbox/ as JSON and logged, so a fresh install (and a
// developer) can still follow a password-change link.

interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What the outbox holds for each message: one JSON file, readable without a mail client. */
export interface OutboxMessage extends OutgoingMail {
  from: string;
  date: string;
  message_id: string;
}

export interface Mailer {
  sendMail(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  outboxDir: string;
  /** The From header, e.g. `qbank <no-reply@example.ac.kr>`. */
  from: string;
  log: FastifyBaseLogger;
  /** A nodemailer transport to use instead of SMTP_URL (tests, or another kind of delivery). */
  transport?: Transporter;
}

// A request waits on the mail, so an unreachable server must fail in seconds, not nodemailer's minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** `no-reply@<host of PUBLIC_URL>`: the address the links in the mail point at. */
export function defaultFromAddress(publicUrl: string): string {
  return `qbank <no-reply@${new URL(publicUrl).hostname}>`;
}

function transportMailer(transport: Transporter, from: string): Mailer {
  return {
    async sendMail(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close() {
      transport.close();
    },
  };
}

function outboxMailer(outboxDir: string, from: string, log: FastifyBaseLogger): Mailer {
  // nodemailer's JSON transport builds the message (addresses checked, a Message-ID made)
  // without sending it anywhere; the outbox file keeps the readable fields.
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    async sendMail(mail) {
      const info = await transport.sendMail({ from, ...mail });
      const date = new Date();
      const message: OutboxMessage = { ...mail, from, date: date.toISOString(), message_id: info.messageId };
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`);
      // The message may carry a single-use link: readable by the server's user only.
      await writeFile(file, `${JSON.stringify(message, null, 2)}\n`, { mode: 0o600 });
      log.info({ to: mail.to, subject: mail.subject, file }, 'SMTP_URL is not set: mail written to the outbox');
    },
    close() {
      transport.close();
    },
  };
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.transport) return transportMailer(options.transport, options.from);
  if (options.smtpUrl) {
    return transportMailer(nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS }), options.from);
  }
  return outboxMailer(options.outboxDir, options.from, options.log);
}

/** The app's mailer, from the configuration (SMTP_URL, DATA_DIR/outbox, PUBLIC_URL). */
export function mailerFromConfig(config: Pick<Config, 'smtpUrl' | 'outboxDir' | 'publicUrl'>, log: FastifyBaseLogger): Mailer {
  return createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: defaultFromAddress(config.publicUrl), log });
}
