/**
 * What an order keeps about its delivery (orders.delivery, jsonb): the term promised and the
 * pickup point as checked when it was placed, and what the carrier charges the shop. Written by
 * delivery/delivery-service.ts; read by the order page, the desk and the letters.
 */
export interface OrderDelivery {
  provider: 'manual' | 'cdek';
  /** СДЭК's city code, when СДЭК knew the city. */
  cityCode: number | null;
  /** A СДЭК point; `verified` false when СДЭК did not answer and it was taken as sent. */
  pickupPoint: { code: string; name: string; address: string; workTime: string; verified: boolean } | null;
  minDays: number;
  maxDays: number;
  /** Moscow dates, YYYY-MM-DD. */
  earliest: string;
  latest: string;
  /** From the carrier's tariff (true) or the shop's estimate. */
  fromCarrier: boolean;
  /** Roubles the carrier charges the shop; never the shopper's. */
  cost: number | null;
  tariffCode: number | null;
}
