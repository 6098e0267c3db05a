// The shopper's part of a createOrder input, written once for the API's order tests.

/** A valid `orderData` (delivery to a CDEK pickup point in Kazan, consent given); `over` changes fields. */
export function orderData(over: Record<string, unknown> = {}) {
  return {
    fullName: 'Иванов Иван Иванович',
    phone: '+7 (912) 345-67-89',
    email: 'ivan@example.ru',
    city: 'Казань',
    address: 'ул. Баумана, д. 1, кв. 2',
    deliveryMethod: 'CDEK_PICKUP',
    personalDataConsent: true,
    consentVersion: '2025-09-01',
    ...over,
  };
}
