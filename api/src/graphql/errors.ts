import { type ErrorCode, defaultMessage } from '@shop/contracts/errors';
import { GraphQLError } from 'graphql';

/** The codes the API answers are written once, with their Russian messages, in @shop/contracts/errors. */
export type { ErrorCode };

/**
 * Yoga masks every other error as "Unexpected error."; these reach the client with their code.
 * The message defaults to the code's message in the map; pass one with the specifics when there are any.
 */
export function apiError(code: ErrorCode, message?: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message ?? defaultMessage(code), { extensions: { ...extra, code } });
}

export const badInput = (argument: string, message: string) => apiError('BAD_USER_INPUT', message, { argument });

/** The database is out of reach: nothing was done that a retry with the same idempotency key would double. */
export const serviceUnavailable = () => apiError('SERVICE_UNAVAILABLE', undefined, { retryAfter: 60 });
