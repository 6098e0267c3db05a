import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import { tokenHash } from '@shop/server-kit';
import { hashPassword } from './passwords.ts';

export const ROLES = ['owner', 'manager'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_TITLES: Record<Role, string> = { owner: 'владелец', manager: 'менеджер' };

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export interface DeskUser {
  id: number;
  email: string;
  name: string;
  role: Role;
}

export interface UserRow extends DeskUser {
  passwordHash: string;
  createdAt: Date;
  disabledAt: Date | null;
}

/** E-mails are compared case-insensitively (users_email_uq is on lower(email)). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

const USER_COLUMNS = sql`id, email, name, role, password_hash AS "passwordHash", created_at AS "createdAt", disabled_at AS "disabledAt"`;

export class AccountError extends Error {
  constructor(
    readonly code: 'DUPLICATE_EMAIL' | 'NOT_FOUND' | 'BAD_INPUT',
    message: string,
  ) {
    super(message);
  }
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await rows<UserRow>(db, sql`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = ${normalizeEmail(email)}`);
  return user ?? null;
}

export async function listUsers(db: Db): Promise<UserRow[]> {
  return rows<UserRow>(db, sql`SELECT ${USER_COLUMNS} FROM users ORDER BY id`);
}

export async function createUser(db: Db, input: { email: string; name?: string; role: Role; password: string }): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  if (!isEmail(email)) throw new AccountError('BAD_INPUT', `Некорректный e-mail: ${input.email}`);
  if (!isRole(input.role)) throw new AccountError('BAD_INPUT', 'Роль должна быть owner (владелец) или manager (менеджер)');
  if (await findUserByEmail(db, email)) throw new AccountError('DUPLICATE_EMAIL', `Пользователь ${email} уже есть`);
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await rows<UserRow>(
      db,
      sql`INSERT INTO users (email, name, role, password_hash) VALUES (${email}, ${(input.name ?? '').trim().slice(0, 100)}, ${input.role}, ${passwordHash})
          RETURNING ${USER_COLUMNS}`,
    );
    return user as UserRow;
  } catch (e) {
    // a concurrent add of the same e-mail lost the race on users_email_uq
    if (/users_email_uq|unique/i.test(String((e as { cause?: unknown }).cause ?? e))) {
      throw new AccountError('DUPLICATE_EMAIL', `Пользователь ${email} уже есть`);
    }
    throw e;
  }
}

/** Disables a user and ends every session they have: they cannot sign in and are signed out at once. */
export async function disableUser(db: Db, email: string): Promise<UserRow> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [user] = await rows<UserRow>(
      tx,
      sql`UPDATE users SET disabled_at = COALESCE(disabled_at, now()) WHERE lower(email) = ${normalizeEmail(email)} RETURNING ${USER_COLUMNS}`,
    );
    if (!user) throw new AccountError('NOT_FOUND', `Пользователь ${normalizeEmail(email)} не найден`);
    await tx.execute(sql`DELETE FROM user_sessions WHERE user_id = ${user.id}`);
    return user;
  });
}

/** A new password ends every session of the user (a leaked session dies with the old password). */
export async function setPassword(db: Db, email: string, password: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [user] = await rows<UserRow>(
      tx,
      sql`UPDATE users SET password_hash = ${passwordHash} WHERE lower(email) = ${normalizeEmail(email)} RETURNING ${USER_COLUMNS}`,
    );
    if (!user) throw new AccountError('NOT_FOUND', `Пользователь ${normalizeEmail(email)} не найден`);
    await tx.execute(sql`DELETE FROM user_sessions WHERE user_id = ${user.id}`);
    return user;
  });
}

// ---------------------------------------------------------------------------------------------
// Sessions: the cookie holds 32 random bytes (base64url); only their sha256 is stored, so a copy
// of the database does not give anyone a working session.

/** A session is never extended beyond this, however active. */
export const MAX_SESSION_HOURS = 7 * 24;
/** last_seen_at / expires_at are written at most this often per session. */
const TOUCH_EVERY_SECONDS = 60;

export { tokenHash };

export async function createSession(db: Db, userId: number, clientIp: string, hours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // sessions that ended are swept here, so the table does not grow without bound
  await db.execute(sql`DELETE FROM user_sessions WHERE expires_at < now()`);
  await db.execute(
    sql`INSERT INTO user_sessions (token_hash, user_id, expires_at, client_ip)
        VALUES (${tokenHash(token)}, ${userId}, now() + make_interval(secs => ${hours * 3600}), ${clientIp.slice(0, 64)})`,
  );
  return token;
}

/**
 * The user a session token belongs to, or null when the token is unknown, expired, or its user
 * is disabled. Sliding expiry: each use moves expires_at to now + `hours` (at most once a minute,
 * never beyond MAX_SESSION_HOURS after sign-in), so an idle session ends after `hours`.
 */
export async function sessionUser(db: Db, token: string, hours: number): Promise<DeskUser | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const hashed = tokenHash(token);
  const [row] = await rows<DeskUser & { stale: boolean }>(
    db,
    sql`SELECT u.id, u.email, u.name, u.role, s.last_seen_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS}) AS stale
        FROM user_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = ${hashed} AND s.expires_at > now() AND u.disabled_at IS NULL`,
  );
  if (!row || !isRole(row.role)) return null;
  if (row.stale) {
    await db.execute(
      sql`UPDATE user_sessions SET last_seen_at = now(),
            expires_at = LEAST(now() + make_interval(secs => ${hours * 3600}), created_at + make_interval(secs => ${MAX_SESSION_HOURS * 3600}))
          WHERE token_hash = ${hashed}`,
    );
  }
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.execute(sql`DELETE FROM user_sessions WHERE token_hash = ${tokenHash(token)}`);
}

// ---------------------------------------------------------------------------------------------
// Known devices: the device cookie holds 32 random bytes (base64url), only their sha256 is stored.

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** A new device token (a browser that has never signed in, or whose cookie is unknown or malformed). */
export const newDeviceToken = () => randomBytes(32).toString('base64url');

/** True when the browser holding `token` has signed in as the user with `email` within `days`. */
export async function isKnownDevice(db: Db, token: string | null, email: string, days: number): Promise<boolean> {
  if (!token || !TOKEN_FORMAT.test(token)) return false;
  const [row] = await rows<{ known: number }>(
    db,
    sql`SELECT 1 AS known FROM desk_devices d JOIN users u ON u.id = d.user_id
        WHERE d.token_hash = ${tokenHash(token)} AND lower(u.email) = ${normalizeEmail(email)}
          AND d.last_used_at > now() - make_interval(days => ${days})`,
  );
  return Boolean(row);
}

/**
 * Remembers that the browser signed in as `userId`: under its token when the shop issued that
 * token (a value the browser made up is never adopted), else under a new one. Returns the token
 * for the cookie. Devices unused for `days` are swept here.
 */
export async function rememberDevice(db: Db, token: string | null, userId: number, days: number): Promise<string> {
  await db.execute(sql`DELETE FROM desk_devices WHERE last_used_at < now() - make_interval(days => ${days})`);
  const issued =
    token && TOKEN_FORMAT.test(token) ? (await rows(db, sql`SELECT 1 FROM desk_devices WHERE token_hash = ${tokenHash(token)} LIMIT 1`)).length > 0 : false;
  const kept = issued && token ? token : newDeviceToken();
  await db.execute(
    sql`INSERT INTO desk_devices (token_hash, user_id) VALUES (${tokenHash(kept)}, ${userId})
        ON CONFLICT (token_hash, user_id) DO UPDATE SET last_used_at = now()`,
  );
  return kept;
}
