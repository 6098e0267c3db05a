import type { DeliveryMethod } from '@shop/contracts/order';

/** What the checkout form holds; field names match the API's OrderDataInput. */
export interface CheckoutValues {
  fullName: string;
  phone: string;
  email: string;
  city: string;
  address: string;
  deliveryMethod: DeliveryMethod | '';
  /** The chosen СДЭК pickup point's code ('' for none). */
  pickupPointCode?: string;
  comment: string;
  personalDataConsent: boolean;
}

export type CheckoutField = keyof CheckoutValues;
export type FieldErrors = Partial<Record<CheckoutField, string>>;

export const EMPTY_CHECKOUT: CheckoutValues = {
  fullName: '',
  phone: '',
  email: '',
  city: '',
  address: '',
  deliveryMethod: '',
  pickupPointCode: '',
  comment: '',
  personalDataConsent: false,
};

/** Order of the fields on the page: the first invalid one gets the focus. */
export const FIELD_ORDER: CheckoutField[] = [
  'fullName',
  'phone',
  'email',
  'city',
  'deliveryMethod',
  'address',
  'pickupPointCode',
  'comment',
  'personalDataConsent',
];
