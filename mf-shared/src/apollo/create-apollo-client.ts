import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

export interface ApolloOptions {
  /** GraphQL endpoint; the host's server proxies `/api` to the API, so one origin serves both. */
  uri?: string;
}

/** One client per page, created by the host and handed to every remote through `ApolloProvider`. */
export function createApolloClient({ uri = '/api/graphql' }: ApolloOptions = {}) {
  return new ApolloClient({
    link: new HttpLink({ uri }),
    cache: new InMemoryCache(),
  });
}
