import { type SQL, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { type Db, rows } from '../db/database.ts';
import { backoffSeconds } from '../util/backoff.ts';
import { type MailConfig, redactUrl } from './mail-config.ts';

/** First retry after 30 s, then 1, 2, 4 … minutes, never more than 30 minutes apart. */
export const RETRY_BASE_SECONDS = 30;
export const RETRY_MAX_SECONDS = 30 * 60;
/** After this many failed attempts a letter is named in the log once (and still retried at the cap). */
export const WARN_AFTER_ATTEMPTS = 10;
/**
 * A claimed letter is not due again for this long: another process skips it while this one
 * sends. Longer than a send can take (the SMTP timeouts below), so only a process that died
 * mid-send makes a letter go twice, never two live ones.
 */
export const CLAIM_SECONDS = 5 * 60;
const BATCH = 20;
/**
 * A sent letter keeps its row (the dedupe key, who got what and when) but loses its body after
 * this many days: the bodies repeat the shopper's name, phone and address (152-ФЗ: personal data
 * kept no longer than needed; the order itself still has them).
 */
export const KEEP_SENT_BODIES_DAYS = 30;

export const retryDelaySeconds = (failedBefore: number) => backoffSeconds(failedBefore, RETRY_BASE_SECONDS, RETRY_MAX_SECONDS);

export interface OutboxLetter {
  id: number;
  kind: string;
  orderId: number | null;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  createdAt: Date | string;
}

export interface SendResult {
  sent: number;
  failed: number;
}

/** What goes out over the wire; SMTP (nodemailer) in the API, replaceable in a test. */
export type DeliverFn = (letter: OutboxLetter) => Promise<void>;

export interface MailSenderOptions {
  db: Db;
  mail: MailConfig;
  /** console by default; null: silent (tests). */
  log?: Pick<Console, 'log' | 'warn'> | null;
  deliver?: DeliverFn;
}

/**
 * An error as stored in last_error and logged: its code and the server's reply, short, and
 * never the SMTP_URL's password (nodemailer's messages may quote the URL or the AUTH exchange).
 */
export function shortError(e: unknown, smtpUrl?: string): string {
  const err = e as { code?: unknown; responseCode?: unknown; command?: unknown; message?: unknown };
  const parts = [
    typeof err?.code === 'string' ? err.code : '',
    typeof err?.command === 'string' ? err.command.split(' ')[0] : '',
    typeof err?.message === 'string' ? err.message.split('\n')[0] : String(e),
  ].filter(Boolean);
  let s = parts.join(': ');
  s = s.replace(/\/\/[^/@\s]*@/g, '//***@');
  if (smtpUrl) {
    try {
      const u = new URL(smtpUrl);
      for (const secret of [u.password, decodeURIComponent(u.password)]) if (secret.length >= 3) s = s.split(secret).join('***');
    } catch {
      // the URL was validated at start; nothing to hide if it does not parse
    }
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return s.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 300);
}

function smtpDeliver(mail: MailConfig): { deliver: DeliverFn; close(): void } {
  // the From address's domain (validated in mail-config.ts: no spaces or brackets)
  const domain = /@([^>\s]+)/.exec(mail.from)?.[1] ?? 'localhost';
  const transport = nodemailer.createTransport({
    url: mail.smtpUrl,
    // connections are reused: a new one per letter cost ~110 ms even on loopback (8 letters/s),
    // a pooled one ~15 ms; the server closing an idle one is handled by the pool
    pool: true,
    maxConnections: 2,
    maxMessages: 100,
    // a dead or silent server fails a letter in seconds (well inside CLAIM_SECONDS), not minutes
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  const deliver: DeliverFn = async (l) => {
    await transport.sendMail({
      from: mail.from,
      to: l.recipient,
      subject: l.subject,
      text: l.text,
      html: l.html,
      // one Message-ID per outbox row (its id and creation time, so a reset database's id 1 is
      // another letter): a letter sent twice (a process died mid-send) is one to clients that dedupe
      messageId: `<${new Date(l.createdAt).getTime().toString(36)}.${l.id}.${l.kind}@${domain}>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  };
  return { deliver, close: () => transport.close() };
}

/**
 * Sends the letters of mail_outbox. A round claims due letters (unsent, next_attempt_at passed)
 * by moving their next_attempt_at CLAIM_SECONDS ahead in one statement with FOR UPDATE SKIP
 * LOCKED, so two API processes never take the same letter; sends each; marks it sent, or on
 * failure counts the attempt, keeps the short error and schedules the next try with exponential
 * backoff (30 s … 30 min). Nothing is dropped: a letter that keeps failing is retried every
 * 30 minutes forever and named in the log once it has failed WARN_AFTER_ATTEMPTS times. The
 * SMTP exchange happens outside any transaction (no row lock or PGlite's single connection
 * held while a server is slow).
 */
export class MailSender {
  private readonly db: Db;
  private readonly mail: MailConfig;
  private readonly log: Pick<Console, 'log' | 'warn'> | null;
  private readonly deliver: DeliverFn | null;
  private readonly closeTransport: () => void;
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Timeout | null = null;
  private running: Promise<SendResult> | null = null;
  private failing = false;
  /** The last error of a round itself (the database out of reach…), logged once until a round succeeds. */
  private roundError = '';
  private lastPurge = 0;
  private stopped = false;

  constructor(options: MailSenderOptions) {
    this.db = options.db;
    this.mail = options.mail;
    this.log = options.log === undefined ? console : options.log;
    const smtp = !options.deliver && options.mail.smtpUrl ? smtpDeliver(options.mail) : null;
    this.deliver = options.deliver ?? smtp?.deliver ?? null;
    this.closeTransport = smtp?.close ?? (() => {});
  }

  /** Whether letters can go out (SMTP_URL set, or a test's deliver function). */
  get enabled(): boolean {
    return this.deliver !== null;
  }

  /** Polls every MAIL_POLL_MS (unless 0); without SMTP_URL says once that letters wait. */
  start(): void {
    if (!this.deliver) {
      this.log?.log('SMTP_URL не задан: письма ждут в очереди');
      return;
    }
    this.log?.log(`Письма уходят через ${redactUrl(this.mail.smtpUrl ?? 'SMTP')}`);
    if (this.mail.pollMs > 0) {
      this.timer = setInterval(() => this.nudge(0), this.mail.pollMs);
      this.timer.unref();
      this.nudge(0);
    }
  }

  /** A letter was queued: send it soon rather than at the next poll (only when polling). */
  nudge(delayMs = 250): void {
    if (!this.deliver || this.stopped || this.mail.pollMs === 0 || this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      this.sendDueMail().then(
        () => {
          this.roundError = '';
        },
        (e) => {
          const error = shortError(e, this.mail.smtpUrl);
          // after stop() the database closes under a round in flight: nothing to report then
          if (error !== this.roundError && !this.stopped) this.log?.warn(`Очередь писем недоступна: ${error}. Повтор при следующей проверке.`);
          this.roundError = error;
        },
      );
    }, delayMs);
    this.soon.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearTimeout(this.soon);
    this.timer = this.soon = null;
    this.closeTransport();
  }

  /**
   * Sends every letter due at `now` (default: the database's now()) and returns how many went
   * and how many failed. Concurrent calls in one process share a round.
   */
  sendDueMail(options: { now?: Date } = {}): Promise<SendResult> {
    if (!this.deliver) return Promise.resolve({ sent: 0, failed: 0 });
    if (this.running && !options.now) return this.running;
    const round = this.round(options.now).finally(() => {
      if (this.running === round) this.running = null;
    });
    if (!options.now) this.running = round;
    return round;
  }

  /** Empties the bodies of letters sent more than `days` ago; returns how many. Done hourly by the rounds. */
  async purgeSentBodies(days = KEEP_SENT_BODIES_DAYS): Promise<number> {
    const done = await rows<{ id: number }>(
      this.db,
      sql`UPDATE mail_outbox SET html = '', text = ''
          WHERE sent_at < now() - make_interval(days => ${days}) AND (html <> '' OR text <> '') RETURNING id`,
    );
    return done.length;
  }

  private async round(now: Date | undefined): Promise<SendResult> {
    const deliver = this.deliver as DeliverFn;
    if (Date.now() - this.lastPurge > 3_600_000) {
      this.lastPurge = Date.now();
      await this.purgeSentBodies();
    }
    const at: SQL = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    const result: SendResult = { sent: 0, failed: 0 };
    let lastError = '';
    // failed letters move into the future, so each pass takes new ones; the bound is a safety net
    for (let pass = 0; pass < 50 && !this.stopped; pass++) {
      const letters = await this.claim(at);
      for (const l of letters) {
        // stopping (the process shuts down and closes the database next): the rest of the claim
        // is given back, so only a letter on the wire at that moment can go twice
        if (this.stopped) {
          await this.db.execute(sql`UPDATE mail_outbox SET next_attempt_at = ${at} WHERE id = ${l.id} AND sent_at IS NULL`).catch(() => {});
          continue;
        }
        try {
          await deliver(l);
        } catch (e) {
          lastError = shortError(e, this.mail.smtpUrl);
          result.failed++;
          await this.failed(l, at, lastError);
          continue;
        }
        result.sent++;
        await this.db.execute(sql`UPDATE mail_outbox SET sent_at = now(), last_error = NULL WHERE id = ${l.id}`);
      }
      if (letters.length < BATCH || this.stopped) break;
    }
    if (result.failed && !result.sent && !this.failing) {
      this.failing = true;
      this.log?.warn(`Письма не отправлены (${result.failed}): ${lastError}. Они остаются в очереди, повтор позже.`);
    } else if (result.sent && this.failing) {
      this.failing = false;
      this.log?.log(`Отправка писем восстановлена: отправлено ${result.sent}.`);
    }
    return result;
  }

  private claim(at: SQL): Promise<OutboxLetter[]> {
    return rows<OutboxLetter>(
      this.db,
      sql`UPDATE mail_outbox SET next_attempt_at = ${at} + make_interval(secs => ${CLAIM_SECONDS})
          WHERE id IN (
            SELECT id FROM mail_outbox
            WHERE sent_at IS NULL AND next_attempt_at <= ${at}
            ORDER BY next_attempt_at, id
            LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED)
          RETURNING id, kind, order_id AS "orderId", recipient, subject, html, text, attempts, created_at AS "createdAt"`,
    );
  }

  private async failed(l: OutboxLetter, at: SQL, error: string): Promise<void> {
    const delay = retryDelaySeconds(l.attempts);
    await this.db.execute(
      sql`UPDATE mail_outbox SET attempts = attempts + 1, last_error = ${error},
            next_attempt_at = ${at} + make_interval(secs => ${delay})
          WHERE id = ${l.id} AND sent_at IS NULL`,
    );
    if (l.attempts + 1 === WARN_AFTER_ATTEMPTS) {
      this.log?.warn(
        `Письмо #${l.id} (${l.kind}${l.orderId ? `, заказ id ${l.orderId}` : ''}) не отправлено после ${WARN_AFTER_ATTEMPTS} попыток: ${error}. ` +
          `Повтор каждые ${RETRY_MAX_SECONDS / 60} мин, пока не уйдёт.`,
      );
    }
  }
}
