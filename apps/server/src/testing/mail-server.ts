import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// Test support (API tests and e2e): a real SMTP server on 127.0.0.1 that keeps what it receives,
// and a small MIME reader for the messages nodemailer writes (multipart/alternative, base64 or
// quoted-printable parts, encoded-word headers). Not imported by the application.

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestMailServer {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the next message to `to` (or one already received and not yet taken). */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): Buffer {
  const softBreaksRemoved = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i += 1) {
    const char = softBreaksRemoved[i]!;
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitEntity(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

function collectBodies(part: Part, into: { text: string; html: string }): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectBodies(splitEntity(section.replace(/^\r?\n/, '')), into);
    }
    return;
  }
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(part.body).toString('utf8')
        : part.body;
  const text = decoded.replace(/\r\n/g, '\n');
  if (type.toLowerCase().startsWith('text/html')) into.html += text;
  else if (type.toLowerCase().startsWith('text/plain')) into.text += text;
}

/** Reads subject, text and html out of an RFC 5322 message. */
function parseMail(raw: string): Pick<ReceivedMail, 'subject' | 'text' | 'html'> {
  const entity = splitEntity(raw);
  const bodies = { text: '', html: '' };
  collectBodies(entity, bodies);
  return { subject: decodeEncodedWords(entity.headers.get('subject') ?? ''), text: bodies.text.trimEnd(), html: bodies.html.trimEnd() };
}

/** A plain SMTP server on 127.0.0.1:`port` (0: any free port) that hands each message it receives to `onMail`. */
export async function listenForMail(port: number, onMail: (mail: ReceivedMail) => void): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on the loopback: no STARTTLS with a self-signed certificate to refuse.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        onMail({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          ...parseMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function startTestMailServer(): Promise<TestMailServer> {
  const received: ReceivedMail[] = [];
  const waiting: Array<{ to: string; resolve: (mail: ReceivedMail) => void }> = [];
  const taken = new Set<ReceivedMail>();

  const server = await listenForMail(0, (mail) => {
    received.push(mail);
    const index = waiting.findIndex((w) => mail.to.includes(w.to));
    if (index >= 0) {
      taken.add(mail);
      waiting.splice(index, 1)[0]!.resolve(mail);
    }
  });
  const { port } = server;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(to, timeoutMs = 5000) {
      const ready = received.find((mail) => !taken.has(mail) && mail.to.includes(to));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const entry = { to, resolve };
        waiting.push(entry);
        setTimeout(() => {
          const index = waiting.indexOf(entry);
          if (index >= 0) {
            waiting.splice(index, 1);
            reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
          }
        }, timeoutMs).unref();
      });
    },
    close: () => server.close(),
  };
}
