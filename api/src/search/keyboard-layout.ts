// Text typed with the wrong keyboard layout active: «rhjccjdrb» is «кроссовки» on a ЙЦУКЕН keyboard.
const latin = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const cyrillic = 'йцукенгшщзхъфывапролджэячсмитьбюё';

const toCyr = new Map([...latin].map((ch, i) => [ch, cyrillic[i] as string]));
const toLat = new Map([...cyrillic].map((ch, i) => [ch, latin[i] as string]));

/** The same keys read in the other layout, or null when the text is not all one layout. */
export function swapLayout(raw: string): string | null {
  const text = raw.toLowerCase();
  if ([...text].every((ch) => toCyr.has(ch))) return [...text].map((ch) => toCyr.get(ch)).join('');
  if ([...text].every((ch) => toLat.has(ch))) return [...text].map((ch) => toLat.get(ch)).join('');
  return null;
}
