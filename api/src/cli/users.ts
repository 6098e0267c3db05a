/**
 * `npm run users -- add --email <e> --role owner|manager [--name <n>]`, `list`,
 * `disable --email <e>`, `set-password --email <e>`: the orders desk's people, written straight
 * into the configured database (DATABASE_URL, or the PGlite folder). The password is read from
 * the terminal without echo, or from USER_PASSWORD for scripts.
 *
 * With PGlite the folder belongs to one process: while the shop runs (npm start) its API holds it,
 * and the command goes through that API's ops routes instead (/api/ops/users, the ops token:
 * OPS_TOKEN or .run/ops-token; SHOP_API_URL), so the first owner is made without stopping the shop.
 */
import { parseArgs } from 'node:util';
import { DataFolderError } from '@shop/server-kit';
import {
  AccountError,
  ROLE_TITLES,
  type Role,
  type UserRow,
  createUser,
  disableUser,
  isEmail,
  isRole,
  listUsers,
  normalizeEmail,
  setPassword,
} from '../accounts/account-repo.ts';
import { passwordProblem } from '../accounts/passwords.ts';
import { ConfigError, loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { LockError } from '../db/lock-file.ts';
import { openDatabaseFromConfig } from '../db/open-from-config.ts';
import { OpsApiError, opsApi } from './ops-api.ts';
import { readSecret } from './read-secret.ts';
import { table } from './table.ts';

const USAGE = `Пользователи панели заказов:
  npm run users -- add --email <e-mail> --role owner|manager [--name "Имя Фамилия"]
  npm run users -- list
  npm run users -- disable --email <e-mail>
  npm run users -- set-password --email <e-mail>
Роли: owner — владелец (видит персональные данные, выгружает CSV), manager — менеджер (данные покупателей скрыты).
Пароль (не короче 10 символов) вводится в терминале без отображения или берётся из переменной USER_PASSWORD.`;

class UsageError extends Error {}

async function askPassword(): Promise<string> {
  const fromEnv = process.env.USER_PASSWORD;
  let password: string;
  if (fromEnv !== undefined && fromEnv !== '') password = fromEnv;
  else {
    if (!process.stdin.isTTY) throw new UsageError('Нет терминала для ввода пароля: задайте его в переменной USER_PASSWORD.');
    password = await readSecret('Пароль: ');
    const problem = passwordProblem(password);
    if (problem) throw new UsageError(problem);
    if ((await readSecret('Повторите пароль: ')) !== password) throw new UsageError('Пароли не совпадают.');
  }
  const problem = passwordProblem(password);
  if (problem) throw new UsageError(problem);
  return password;
}

function requireEmail(value: string | undefined): string {
  if (!value) throw new UsageError('Укажите --email.');
  const email = normalizeEmail(value);
  if (!isEmail(email)) throw new UsageError(`Некорректный e-mail: ${value}`);
  return email;
}

/** The people, wherever they are kept: the database itself, or the running API that holds it. */
interface Users {
  list(): Promise<UserRow[]>;
  add(input: { email: string; role: Role; name: string; password: string }): Promise<UserRow>;
  disable(email: string): Promise<UserRow>;
  setPassword(email: string, password: string): Promise<UserRow>;
}

const onDatabase = (db: Db): Users => ({
  list: () => listUsers(db),
  add: (input) => createUser(db, input),
  disable: (email) => disableUser(db, email),
  setPassword: (email, password) => setPassword(db, email, password),
});

const post = async (path: string, body: unknown): Promise<UserRow> =>
  ((await (await opsApi(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { user: UserRow }).user;

const throughApi: Users = {
  list: async () => ((await (await opsApi('/users')).json()) as { users: UserRow[] }).users,
  add: (input) => post('/users', input),
  disable: (email) => post('/users/disable', { email }),
  setPassword: (email, password) => post('/users/password', { email, password }),
};

async function withUsers(work: (users: Users) => Promise<void>): Promise<void> {
  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openDatabaseFromConfig>>;
  try {
    database = await openDatabaseFromConfig(config);
  } catch (e) {
    if (!(e instanceof LockError)) throw e;
    // the running shop's API holds the embedded database: it does the change
    try {
      await work(throughApi);
    } catch (caught) {
      // the API's own refusals (a taken e-mail, a short password) are told as they are
      if (caught instanceof OpsApiError && (caught.status === 0 || caught.status === 401 || caught.status === 403 || caught.status === 429)) {
        throw new UsageError(
          `База данных магазина (PGlite, ${config.pgliteDir}) занята работающим API, а через его API не вышло: ${caught.message}
` +
            'Проверьте SHOP_API_URL и OPS_TOKEN (npm start хранит токен в .run/ops-token) или остановите магазин (Ctrl-C в окне npm start) и повторите команду.',
        );
      }
      throw caught;
    }
    return;
  }
  try {
    await work(onDatabase(database.db));
  } finally {
    await database.close();
  }
}

const date = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  switch (command) {
    case 'add': {
      const email = requireEmail(values.email);
      if (!isRole(values.role)) throw new UsageError('Укажите --role owner (владелец) или --role manager (менеджер).');
      const role = values.role;
      // the e-mail is checked before a password is asked for
      await withUsers(async (users) => {
        const existing = (await users.list()).find((u) => u.email.toLowerCase() === email);
        if (existing) throw new UsageError(`Пользователь ${email} уже есть. Новый пароль: npm run users -- set-password --email ${email}`);
        const password = await askPassword();
        const user = await users.add({ email, role, name: values.name ?? '', password });
        console.log(`Добавлен ${ROLE_TITLES[role]} ${user.email}${user.name ? ` (${user.name})` : ''}. Вход: <адрес магазина>/admin`);
      });
      return;
    }
    case 'list':
      await withUsers(async (store) => {
        const users = await store.list();
        if (!users.length) {
          console.log('Пользователей нет. Первый владелец: npm run users -- add --email <e-mail> --role owner');
          return;
        }
        console.log(
          table(
            ['№', 'E-mail', 'Имя', 'Роль', 'Создан', 'Состояние'],
            users.map((u) => [String(u.id), u.email, u.name, ROLE_TITLES[u.role] ?? u.role, date(u.createdAt), u.disabledAt ? `отключён ${date(u.disabledAt)}` : 'активен']),
          ),
        );
      });
      return;
    case 'disable': {
      const email = requireEmail(values.email);
      await withUsers(async (users) => {
        const user = await users.disable(email);
        console.log(`Пользователь ${user.email} отключён: войти он больше не сможет, его открытые сессии закрыты.`);
      });
      return;
    }
    case 'set-password': {
      const email = requireEmail(values.email);
      await withUsers(async (users) => {
        if (!(await users.list()).some((u) => u.email.toLowerCase() === email)) throw new UsageError(`Пользователь ${email} не найден.`);
        const user = await users.setPassword(email, await askPassword());
        console.log(`Пароль ${user.email} изменён; его открытые сессии закрыты.`);
      });
      return;
    }
    default:
      throw new UsageError(command && command !== 'help' && !values.help ? `Неизвестная команда «${command}».\n\n${USAGE}` : USAGE);
  }
}

try {
  await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof UsageError || e instanceof AccountError || e instanceof ConfigError || e instanceof DataFolderError || e instanceof OpsApiError) console.error(e.message);
  else if (e instanceof TypeError && (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) console.error(`${e.message}\n\n${USAGE}`);
  else console.error(e);
  process.exitCode = 1;
}
