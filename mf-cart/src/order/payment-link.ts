import type { ApolloClient } from '@apollo/client';
import { StartPaymentDocument } from '../graphql/generated.ts';

/**
 * Starts (or resumes: one payment per order at a time) the order's payment and answers the
 * provider's page to send the shopper to: ЮKassa's confirmation page is another origin, so the
 * callers navigate the whole window there (window.location.assign). Throws when there is none.
 */
export async function paymentLink(client: ApolloClient, id: string, key: string): Promise<string> {
  const { data } = await client.mutate({
    mutation: StartPaymentDocument,
    variables: { id, key },
    fetchPolicy: 'no-cache', // orders and payment links are never kept in the page's cache
  });
  const link = data?.startPayment?.url;
  // the server answered, without a link: its failure, not the shopper's connection
  if (!link) throw 'INTERNAL_SERVER_ERROR';
  return link;
}
