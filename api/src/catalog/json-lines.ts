/**
 * Line numbers of values in a JSON text, by position strings like `models[3].variants[0].price`,
 * so an import can say «line 1234» and not only where in the structure. A missing key is placed
 * at the line of its nearest existing parent.
 */
export function locateLines(text: string, positions: string[]): Map<string, number> {
  const wanted = new Set<string>();
  const prefixes = (p: string) => {
    const out = [p];
    for (let i = p.length - 1; i > 0; i--) if (p[i] === '.' || p[i] === '[') out.push(p.slice(0, i));
    return out;
  };
  for (const p of positions) for (const q of prefixes(p)) wanted.add(q);
  const found = new Map<string, number>();
  let i = 0;
  let line = 1;

  const skipWs = () => {
    while (i < text.length) {
      const c = text[i];
      if (c === '\n') line++;
      else if (c !== ' ' && c !== '\t' && c !== '\r') break;
      i++;
    }
  };
  const readString = (): string => {
    const start = ++i;
    let hasEscape = false;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') {
        hasEscape = true;
        i++;
      }
      i++;
    }
    const raw = text.slice(start, i++);
    if (!hasEscape) return raw;
    try {
      return JSON.parse(`"${raw}"`) as string;
    } catch {
      return raw;
    }
  };
  const value = (path: string): void => {
    skipWs();
    if (wanted.has(path)) found.set(path, line);
    const c = text[i];
    if (c === '{') {
      i++;
      skipWs();
      if (text[i] === '}') {
        i++;
        return;
      }
      while (i < text.length) {
        skipWs();
        const key = readString();
        skipWs();
        i++; // :
        value(path ? `${path}.${key}` : key);
        skipWs();
        if (text[i++] === '}') return;
      }
    } else if (c === '[') {
      i++;
      skipWs();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (let n = 0; i < text.length; n++) {
        value(`${path}[${n}]`);
        skipWs();
        if (text[i++] === ']') return;
      }
    } else if (c === '"') {
      readString();
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i] as string)) i++;
    }
  };
  value('');
  const result = new Map<string, number>();
  for (const p of positions) {
    const hit = prefixes(p).find((q) => found.has(q));
    if (hit !== undefined) result.set(p, found.get(hit) as number);
  }
  return result;
}
