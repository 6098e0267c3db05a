import { hash, verify } from '@node-rs/argon2';

/** Shortest password `npm run users` accepts. */
export const MIN_PASSWORD_LENGTH = 10;
/** Longer input is refused before hashing (a megabyte "password" would only cost CPU). */
export const MAX_PASSWORD_LENGTH = 200;

/**
 * argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane): about 20–40 ms a hash on
 * one core, which bounds an online guesser together with the sign-in throttle.
 */
// algorithm 2 = Argon2id (the package's `Algorithm` is a const enum, absent at run time)
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const satisfies Parameters<typeof hash>[1];

export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Пароль должен быть не короче ${MIN_PASSWORD_LENGTH} символов`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Пароль должен быть не длиннее ${MAX_PASSWORD_LENGTH} символов`;
  if (!password.trim()) return 'Пароль не может состоять из одних пробелов';
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | null = null;

/** Computes the dummy hash ahead (API start), so the first unknown e-mail is not slower than the rest. */
export function warmDummyHash(): void {
  dummy ??= hashPassword('dummy password that matches no account');
  dummy.catch(() => {});
}

/**
 * Checks a password against a stored hash. With no hash (an unknown e-mail) it verifies against a
 * dummy hash of the same cost, so a wrong e-mail takes as long as a wrong password and the answer's
 * timing does not tell which e-mails have accounts.
 */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  const candidate = password.slice(0, MAX_PASSWORD_LENGTH);
  if (stored === null) {
    warmDummyHash();
    await verify(await (dummy as Promise<string>), candidate).catch(() => false);
    return false;
  }
  return verify(stored, candidate).catch(() => false);
}
