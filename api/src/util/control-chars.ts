/** C0 control characters and DEL, optionally allowing line breaks (CR, LF) and tab. */
export function hasControlChars(text: string, allowLineBreaks = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7f) return true;
    if (c < 0x20 && !(allowLineBreaks && (c === 0x0a || c === 0x0d || c === 0x09))) return true;
  }
  return false;
}
