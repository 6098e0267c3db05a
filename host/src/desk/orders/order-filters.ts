import { ORDER_STATUSES, type OrderStatus } from '@shop/contracts/desk';

/** The list's filters, kept in the page's URL so Back, refresh and a shared link keep them. */
export interface OrderFilters {
  status: OrderStatus | '';
  /** YYYY-MM-DD, Moscow dates (the API reads them so). */
  from: string;
  to: string;
  q: string;
  page: number;
}

export const EMPTY_FILTERS: OrderFilters = { status: '', from: '', to: '', q: '', page: 1 };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_PAGE = 100_000;
export const MAX_QUERY_LENGTH = 100;

function validDate(value: string | null): string {
  if (!value || !DATE.test(value)) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : '';
}

/** What the address says, with anything the desk cannot use dropped (a hand-edited or old link never breaks the page). */
export function readFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : '',
    from: validDate(params.get('from')),
    to: validDate(params.get('to')),
    q: (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The query string for the address, the API and the CSV link: only what is set, in one order. */
export function filtersQuery(filters: OrderFilters, options: { page?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.q) params.set('q', filters.q);
  if ((options.page ?? true) && filters.page > 1) params.set('page', String(filters.page));
  return params.toString();
}

/** A filter changed: back to the first page (page 4 of another selection means nothing). */
export function withFilter(filters: OrderFilters, change: Partial<Omit<OrderFilters, 'page'>>): OrderFilters {
  return { ...filters, ...change, page: 1 };
}

export function hasFilters(filters: OrderFilters): boolean {
  return Boolean(filters.status || filters.from || filters.to || filters.q);
}
