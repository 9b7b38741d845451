import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer, defaultFromAddress, mailerFromConfig, type OutboxMessage } from './mailer';
import { startTestMailServer, type TestMailServer } from '../testing/mail-server';

function fakeLog() {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn(), trace: vi.fn(), fatal: vi.fn(), level: 'info' };
  return log as typeof log & FastifyBaseLogger;
}

const korean = {
  to: 'student@example.ac.kr',
  subject: '[qbank] 비밀번호 변경 확인',
  text: `김민지님, 안녕하세요.\n\nhttp://localhost:3000/change-password?token=${'A1b2_-'.repeat(8)}\n`,
  html: '<p>김민지님, 안녕하세요.</p>',
};

describe('mailer', () => {
  let smtp: TestMailServer;
  let dir: string;
  beforeAll(async () => {
    smtp = await startTestMailServer();
    dir = mkdtempSync(path.join(tmpdir(), 'qbank-mail-'));
  });
  afterAll(async () => {
    await smtp?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes the From address from PUBLIC_URL', () => {
    expect(defaultFromAddress('https://qbank.example.ac.kr')).toBe('qbank <no-reply@qbank.example.ac.kr>');
  });

  it('delivers over SMTP when SMTP_URL is set, Korean subject and bodies intact', async () => {
    const outbox = path.join(dir, 'unused-outbox');
    const mailer = mailerFromConfig({ smtpUrl: smtp.url, outboxDir: outbox, publicUrl: 'http://localhost:3000' }, fakeLog());
    await mailer.sendMail(korean);
    mailer.close();
    const mail = await smtp.waitFor(korean.to);
    expect(mail).toMatchObject({ from: 'no-reply@localhost', to: [korean.to], subject: korean.subject, html: korean.html });
    expect(mail.text).toBe(korean.text.trimEnd());
    expect(() => readdirSync(outbox)).toThrow();
  });

  it('writes a readable JSON file to the outbox and logs it when SMTP_URL is not set', async () => {
    const outbox = path.join(dir, 'outbox');
    const log = fakeLog();
    const mailer = createMailer({ smtpUrl: undefined, outboxDir: outbox, from: 'qbank <no-reply@localhost>', log });
    await mailer.sendMail(korean);
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    const file = path.join(outbox, files[0]!);
    const message = JSON.parse(readFileSync(file, 'utf8')) as OutboxMessage;
    expect(message).toMatchObject({ ...korean, from: 'qbank <no-reply@localhost>', message_id: expect.stringMatching(/^<.+@.+>$/) });
    expect(Number.isNaN(Date.parse(message.date))).toBe(false);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(log.info).toHaveBeenCalledWith({ to: korean.to, subject: korean.subject, file }, expect.any(String));
  });

  it('uses an injected nodemailer transport', async () => {
    const sent: Array<{ from: unknown; to: unknown; subject: unknown }> = [];
    const transport = nodemailer.createTransport({
      name: 'memory',
      version: '1',
      send(mail, callback) {
        sent.push({ from: mail.data.from, to: mail.data.to, subject: mail.data.subject });
        callback(null, { envelope: mail.message.getEnvelope(), messageId: mail.message.messageId() });
      },
    });
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', outboxDir: dir, from: 'qbank <no-reply@test>', log: fakeLog(), transport });
    await mailer.sendMail(korean);
    expect(sent).toEqual([{ from: 'qbank <no-reply@test>', to: korean.to, subject: korean.subject }]);
  });

  it('fails (rather than hangs) when the SMTP server cannot be reached', async () => {
    // A port that was free a moment ago: connection refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: dir, from: 'qbank <no-reply@test>', log: fakeLog() });
    await expect(mailer.sendMail(korean)).rejects.toThrow();
    mailer.close();
  });
});
