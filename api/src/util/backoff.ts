/**
 * Seconds before the next try of work that failed `failedBefore` times already: 30 s, doubling,
 * never more than 30 minutes apart (the mail outbox, СДЭК shipments). An outage loses nothing;
 * it only waits.
 */
export function backoffSeconds(failedBefore: number, baseSeconds = 30, maxSeconds = 30 * 60): number {
  return Math.min(maxSeconds, baseSeconds * 2 ** Math.min(Math.max(failedBefore, 0), 20));
}
