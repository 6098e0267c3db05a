/**
 * Reads a line from the terminal without showing it (a password). Node has no built-in for
 * this; raw mode and a few keys (Enter, Backspace, Ctrl-C, Ctrl-D) are all it takes, so no
 * dependency.
 */
export function readSecret(prompt: string): Promise<string> {
  const input = process.stdin;
  const output = process.stderr;
  return new Promise((resolve, reject) => {
    output.write(prompt);
    let value = '';
    const wasRaw = input.isRaw;
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const done = (error?: Error) => {
      input.setRawMode(wasRaw);
      input.pause();
      input.off('data', onData);
      output.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      // an arrow or function key (an escape sequence) is not part of a password
      if (chunk.startsWith('\u001b')) return;
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done();
        if (ch === '\u0003') return done(new Error('Отменено.'));
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    input.on('data', onData);
  });
}
