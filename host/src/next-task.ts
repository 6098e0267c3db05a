/**
 * Lets the browser paint and answer input before the next step of the page's start: run in one
 * go, the start's steps made long tasks on a slowed phone. No imports: the entry loads it with
 * itself.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
