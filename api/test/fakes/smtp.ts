// A real SMTP server on loopback for the API tests, the e2e stack and local runs: letters the
// shop sends arrive here over SMTP (nodemailer → smtp-server) and are parsed with mailparser,
// so a test asserts on what a mail client would show (subject, text and HTML parts, addresses).
// setDown(true) simulates an outage: open connections (a client's pool) are told 421 and closed,
// every new one is answered 421 and closed.
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The From header as a reader sees it, e.g. «Оригинал <shop@localhost>». */
  from: string;
  /** The From address alone (shop@localhost). */
  fromAddress: string;
  /** Envelope recipients (RCPT TO), lower-case. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Raw header lines, lower-case names (e.g. 'content-type'). */
  headers: Map<string, unknown>;
  /** Envelope sender (MAIL FROM). */
  envelopeFrom: string;
  receivedAt: Date;
}

export interface SmtpServerOptions {
  /** Port to listen on (default: any free port). */
  port?: number;
  host?: string;
  /** Print one line per received letter (for `npm start` style runs). */
  log?: boolean;
}

export interface FakeSmtpServer {
  port: number;
  host: string;
  /** smtp://127.0.0.1:PORT, what SMTP_URL is set to. */
  url: string;
  /** Every letter received, in order. */
  messages: ReceivedMail[];
  /** The first letter (already received or to come) that matches; rejects after timeoutMs naming what did arrive. */
  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** true: open connections are closed with 421 and new ones answered «421 … try again later» (an outage); false: back to normal. */
  setDown(down: boolean): void;
  /** Connections refused while down (to see that the sender did try). */
  refusedConnections(): number;
  close(): Promise<void>;
}

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => (v.address ?? '').toLowerCase()));

/** What the server's callbacks and the handle a test holds share. */
interface SmtpState {
  options: SmtpServerOptions;
  messages: ReceivedMail[];
  waiters: Set<(m: ReceivedMail) => void>;
  down: boolean;
  refused: number;
}

type Parsed = Awaited<ReturnType<typeof simpleParser>>;
type Envelope = { rcptTo: { address: string }[]; mailFrom: false | { address: string } };

function toReceivedMail(parsed: Parsed, envelope: Envelope): ReceivedMail {
  const mail: ReceivedMail = {
    from: parsed.from?.text ?? '',
    fromAddress: (parsed.from?.value[0]?.address ?? '').toLowerCase(),
    to: envelope.rcptTo.map((r) => r.address.toLowerCase()),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    headers: parsed.headers,
    envelopeFrom: envelope.mailFrom ? envelope.mailFrom.address : '',
    receivedAt: new Date(),
  };
  if (!mail.to.length) mail.to = addresses(parsed.to);
  return mail;
}

function createServer(state: SmtpState): SMTPServer {
  return new SMTPServer({
    // plain SMTP on loopback: no STARTTLS (its self-signed certificate would fail a verifying
    // client), AUTH accepted without TLS and optional, so SMTP_URL may carry a user or not
    hideSTARTTLS: true,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    banner: 'fake SMTP for tests',
    size: 10 * 1024 * 1024,
    // close() does not wait for a client's idle pooled connection
    closeTimeout: 200,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onConnect(_session, callback) {
      if (!state.down) return callback();
      state.refused++;
      const error = new Error('Service not available, try again later') as Error & { responseCode: number };
      error.responseCode = 421;
      callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail = toReceivedMail(parsed, session.envelope);
          state.messages.push(mail);
          if (state.options.log) console.log(`[smtp] ${mail.to.join(', ')}: ${mail.subject}`);
          for (const w of [...state.waiters]) w(mail);
          // 250 only once the letter is stored: a sender that got its OK finds it in `messages`
          callback();
        })
        .catch((e: Error) => callback(e));
    },
  });
}

function waitFor(state: SmtpState, predicate: (m: ReceivedMail) => boolean, timeoutMs: number): Promise<ReceivedMail> {
  const { messages, waiters } = state;
  const found = messages.find(predicate);
  if (found) return Promise.resolve(found);
  return new Promise((resolve, reject) => {
    const waiter = (m: ReceivedMail) => {
      if (!predicate(m)) return;
      waiters.delete(waiter);
      clearTimeout(timer);
      resolve(m);
    };
    const timer = setTimeout(() => {
      waiters.delete(waiter);
      const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
      reject(new Error(`No matching letter within ${timeoutMs} ms (received: ${seen})`));
    }, timeoutMs);
    waiters.add(waiter);
  });
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<FakeSmtpServer> {
  const state: SmtpState = { options, messages: [], waiters: new Set(), down: false, refused: 0 };
  const server = createServer(state);
  server.on('error', () => {});
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    host,
    url: `smtp://${host}:${port}`,
    messages: state.messages,
    waitFor: (predicate, timeoutMs = 10_000) => waitFor(state, predicate, timeoutMs),
    setDown(value) {
      state.down = value;
      if (!value) return;
      for (const connection of server.connections) {
        connection.send(421, 'Service not available, closing transmission channel');
        connection.close();
      }
    },
    refusedConnections: () => state.refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// `npx tsx api/test/fakes/smtp.ts [port]`: a local mail catcher for trying the shop's letters by hand
// (start the shop with SMTP_URL=smtp://127.0.0.1:2525); prints each letter's recipients and subject.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2] ?? 2525);
  startSmtpServer({ port, log: true }).then((s) => console.log(`SMTP на ${s.url}: письма печатаются здесь (Ctrl+C — выход)`));
}
