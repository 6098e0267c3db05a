import type { ApolloClient } from '@apollo/client';
import { PaymentInfoDocument } from '../graphql/generated.ts';

/** The order's payment page, asked of the API each time; throws when there is none. */
export async function paymentLink(client: ApolloClient, id: string, key: string): Promise<string> {
  const { data } = await client.query({
    query: PaymentInfoDocument,
    variables: { id, key },
    fetchPolicy: 'no-cache', // orders and payment links are never kept in the page's cache
  });
  const link = data?.paymentInfo?.linkURL;
  if (!link) throw new Error('no payment link');
  return link;
}
