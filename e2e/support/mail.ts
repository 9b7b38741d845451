import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { listenForMail, type ReceivedMail } from '../../apps/server/src/testing/mail-server';
import { E2E_PORT } from './browser';

// A real SMTP server for the e2e run (issue 6: the password change goes through a real mail
// round trip). The API server under test gets SMTP_URL pointing here; each message it sends is
// written as one JSON file to E2E_MAIL_DIR, which the tests (in worker processes) read.
// The port is fixed, because the web server's environment is set before anything starts; it
// follows E2E_PORT so that parallel runs on their own E2E_PORT do not collide.

export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525 + (E2E_PORT - 3100));
export const E2E_SMTP_URL = `smtp://127.0.0.1:${E2E_SMTP_PORT}`;

export interface StoredMail extends ReceivedMail {
  file: string;
  receivedAt: string;
}

/** The mail directory of this run; set by playwright.config.ts before the workers start. */
export function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (see e2e/playwright.config.ts)');
  return dir;
}

export async function startMailSink(port: number, dir: string): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const server = await listenForMail(port, (mail) => {
    sequence += 1;
    const name = `${Date.now()}-${String(sequence).padStart(4, '0')}.json`;
    writeFileSync(path.join(dir, name), JSON.stringify({ ...mail, receivedAt: new Date().toISOString() }));
  });
  return () => server.close();
}

function readAll(): StoredMail[] {
  const dir = mailDir();
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => ({ ...(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Omit<StoredMail, 'file'>), file }));
}

/** The files already there, so a test can wait for a message that arrives after an action. */
export function mailMark(): Set<string> {
  return new Set(readAll().map((mail) => mail.file));
}

/** The first message to `to` that is not in `seen`, waiting up to `timeoutMs`. */
export async function waitForMail(to: string, seen: Set<string>, timeoutMs = 10_000): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readAll().find((m) => !seen.has(m.file) && m.to.includes(to));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms in ${mailDir()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The password-change link in a mail (text part first). */
export function confirmLinkOf(mail: StoredMail): URL {
  const match = /https?:\/\/\S+\/change-password\?token=[A-Za-z0-9_%-]+/.exec(`${mail.text}\n${mail.html}`);
  if (!match) throw new Error(`no password-change link in mail: ${mail.text}`);
  return new URL(match[0]);
}
