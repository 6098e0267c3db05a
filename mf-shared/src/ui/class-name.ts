/** The kit's classes, then the caller's: the caller's rules win (the kit's sit in `:where()`). */
export function withCallerClass(kit: string, own?: string): string {
  return own ? `${kit} ${own}` : kit;
}
