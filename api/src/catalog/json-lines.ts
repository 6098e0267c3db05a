/**
 * Line numbers of values in a JSON text, by position strings like `models[3].variants[0].price`,
 * so an import can say «line 1234» and not only where in the structure. A missing key is placed
 * at the line of its nearest existing parent.
 */
export function locateLines(text: string, positions: string[]): Map<string, number> {
  const wanted = new Set<string>();
  for (const p of positions) for (const q of prefixes(p)) wanted.add(q);
  const scanner = new LineScanner(text, wanted);
  scanner.value('');
  const result = new Map<string, number>();
  for (const p of positions) {
    const hit = prefixes(p).find((q) => scanner.found.has(q));
    if (hit !== undefined) result.set(p, scanner.found.get(hit) as number);
  }
  return result;
}

/** A position and every parent of it: `a[1].b`, `a[1]`, `a`. */
function prefixes(p: string): string[] {
  const out = [p];
  for (let i = p.length - 1; i > 0; i--) if (p[i] === '.' || p[i] === '[') out.push(p.slice(0, i));
  return out;
}

/**
 * Walks JSON text once, counting lines, and records the line of every wanted position. The text
 * already parsed as JSON: the walk trusts its syntax and only tracks where values start.
 */
class LineScanner {
  readonly found = new Map<string, number>();
  private i = 0;
  private line = 1;

  constructor(
    private readonly text: string,
    private readonly wanted: Set<string>,
  ) {}

  value(path: string): void {
    this.skipWs();
    if (this.wanted.has(path)) this.found.set(path, this.line);
    const c = this.text[this.i];
    if (c === '{') this.object(path);
    else if (c === '[') this.array(path);
    else if (c === '"') this.readString();
    else while (this.i < this.text.length && !/[\s,\]}]/.test(this.text[this.i] as string)) this.i++;
  }

  private object(path: string): void {
    const { text } = this;
    this.i++;
    this.skipWs();
    if (text[this.i] === '}') {
      this.i++;
      return;
    }
    while (this.i < text.length) {
      this.skipWs();
      const key = this.readString();
      this.skipWs();
      this.i++; // :
      this.value(path ? `${path}.${key}` : key);
      this.skipWs();
      if (text[this.i++] === '}') return;
    }
  }

  private array(path: string): void {
    const { text } = this;
    this.i++;
    this.skipWs();
    if (text[this.i] === ']') {
      this.i++;
      return;
    }
    for (let n = 0; this.i < text.length; n++) {
      this.value(`${path}[${n}]`);
      this.skipWs();
      if (text[this.i++] === ']') return;
    }
  }

  private skipWs(): void {
    const { text } = this;
    while (this.i < text.length) {
      const c = text[this.i];
      if (c === '\n') this.line++;
      else if (c !== ' ' && c !== '\t' && c !== '\r') break;
      this.i++;
    }
  }

  private readString(): string {
    const { text } = this;
    const start = ++this.i;
    let hasEscape = false;
    while (this.i < text.length && text[this.i] !== '"') {
      if (text[this.i] === '\\') {
        hasEscape = true;
        this.i++;
      }
      this.i++;
    }
    const raw = text.slice(start, this.i++);
    if (!hasEscape) return raw;
    try {
      return JSON.parse(`"${raw}"`) as string;
    } catch {
      return raw;
    }
  }
}
