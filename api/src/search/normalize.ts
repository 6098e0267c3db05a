/** Lower case, ё→е: the catalogue text and every query pass through this before tokenising. */
export function normalizeText(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

/** Words of letters and digits; punctuation, quotes and SQL metacharacters never survive. */
export function tokenize(text: string): string[] {
  return normalizeText(text)
    .split(/[^a-zа-я0-9]+/)
    .filter((t) => t.length > 0);
}
