import { AccountError, type UserRow, createUser, disableUser, isRole, listUsers, setPassword } from '../accounts/account-repo.ts';
import { passwordProblem } from '../accounts/passwords.ts';
import type { Db } from '../db/database.ts';
import { error, json, readBody } from './desk-http.ts';

export const OPS_USERS = '/api/ops/users';

const userJson = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  createdAt: new Date(u.createdAt).toISOString(),
  disabledAt: u.disabledAt ? new Date(u.disabledAt).toISOString() : null,
});

function accountError(e: unknown): Response {
  if (!(e instanceof AccountError)) throw e;
  if (e.code === 'DUPLICATE_EMAIL') return error('USER_EXISTS', e.message);
  if (e.code === 'NOT_FOUND') return error('USER_NOT_FOUND', e.message);
  return error('BAD_REQUEST', e.message);
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The desk's people over the ops token, for `npm run users` while the running API holds the
 * embedded database (and for scripts): GET lists them; POST adds one ({ email, role, name,
 * password }); POST /disable ({ email }) and POST /password ({ email, password }) as the command's
 * disable and set-password. The same rules as the command: passwords of 10+ characters, stored as
 * argon2id; disabling or a new password ends the user's sessions.
 */
export async function usersResponse(db: Db, request: Request, url: URL): Promise<Response> {
  const route = url.pathname.slice(OPS_USERS.length);
  const method = request.method;
  if (route === '' && method === 'GET') return json({ users: (await listUsers(db)).map(userJson) });
  if (method !== 'POST' || !['', '/disable', '/password'].includes(route)) {
    return error(route === '' || route === '/disable' || route === '/password' ? 'METHOD_NOT_ALLOWED' : 'NOT_FOUND', undefined);
  }
  const body = await readBody(request);
  if (body instanceof Response) return body;
  const email = text(body.email).trim();
  if (!email) return error('BAD_REQUEST', 'Укажите e-mail');
  try {
    if (route === '/disable') return json({ user: userJson(await disableUser(db, email)) });
    const password = text(body.password);
    const problem = passwordProblem(password);
    if (problem) return error('BAD_REQUEST', problem);
    if (route === '/password') return json({ user: userJson(await setPassword(db, email, password)) });
    if (!isRole(body.role)) return error('BAD_REQUEST', 'Роль должна быть owner (владелец) или manager (менеджер)');
    return json({ user: userJson(await createUser(db, { email, role: body.role, name: text(body.name), password })) }, 201);
  } catch (e) {
    return accountError(e);
  }
}
