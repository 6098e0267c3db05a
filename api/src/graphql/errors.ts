import { GraphQLError } from 'graphql';

export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'QUERY_TOO_DEEP'
  | 'QUERY_TOO_COMPLEX'
  | 'PAYLOAD_TOO_LARGE'
  | 'SERVICE_UNAVAILABLE';

/** Yoga masks every other error as "Unexpected error."; these reach the client with their code. */
export function apiError(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

export const badInput = (argument: string, message: string) => apiError('BAD_USER_INPUT', message, { argument });

/** The database is out of reach: nothing was done that a retry with the same idempotency key would double. */
export const serviceUnavailable = () =>
  apiError('SERVICE_UNAVAILABLE', 'Сервис временно недоступен, попробуйте ещё раз через минуту', { retryAfter: 60 });
