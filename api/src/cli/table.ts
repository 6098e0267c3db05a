/** A plain-text table for the terminal: columns padded to their widest cell (by code points), a rule under the header. */
export function table(header: readonly string[], body: readonly (readonly string[])[], alignRight: ReadonlySet<number> = new Set()): string {
  const width = (s: string) => [...s].length;
  const widths = header.map((h, i) => Math.max(width(h), ...body.map((r) => width(r[i] ?? ''))));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => {
        const pad = ' '.repeat((widths[i] ?? 0) - width(c));
        return alignRight.has(i) ? pad + c : c + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
