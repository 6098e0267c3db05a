import { badInput } from './errors.ts';

const MAX_INT_ID = 2_147_483_647;

/** Ids are decimal strings of positive 32-bit integers; anything else is a coded input error. */
export function parseId(value: string | number, argument: string): number {
  const s = String(value);
  if (!/^[1-9]\d{0,9}$/.test(s) || Number(s) > MAX_INT_ID) throw badInput(argument, `${argument}: неверный идентификатор «${s.slice(0, 40)}»`);
  return Number(s);
}

export function parseIds(values: readonly (string | number)[] | null | undefined, argument: string, max = 200): number[] | undefined {
  if (!values) return undefined;
  if (values.length > max) throw badInput(argument, `${argument}: не больше ${max} значений`);
  return values.map((v) => parseId(v, argument));
}

export function optionalId(value: string | number | null | undefined, argument: string): number | undefined {
  return value === null || value === undefined ? undefined : parseId(value, argument);
}

export function pageArgs(offset: number | null | undefined, limit: number | null | undefined, defaults: { limit: number; maxLimit?: number }) {
  const max = defaults.maxLimit ?? 100;
  const o = offset ?? 0;
  const l = limit ?? defaults.limit;
  if (o < 0 || o > 100_000) throw badInput('offset', 'offset должен быть от 0 до 100000');
  if (l < 1 || l > max) throw badInput('limit', `limit должен быть от 1 до ${max}`);
  return { offset: o, limit: l };
}

export function price(value: number | null | undefined, argument: string): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (value < 0) throw badInput(argument, `${argument} не может быть отрицательным`);
  return value;
}

export function text(value: string | null | undefined, argument: string, max: number): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value.length > max) throw badInput(argument, `${argument}: не длиннее ${max} символов`);
  // NUL cannot be stored or compared by PostgreSQL; it is never meaningful in a query
  if (value.includes('\u0000')) throw badInput(argument, `${argument}: недопустимые символы`);
  return value;
}
