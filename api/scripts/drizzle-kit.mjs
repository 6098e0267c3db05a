// npm installs drizzle-orm under api/node_modules while drizzle-kit is hoisted to the root, and
// drizzle-kit finds the ORM with a dynamic import() that NODE_PATH cannot steer: point it here.
import { register } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const hook = `
const apiUrl = ${JSON.stringify(pathToFileURL(new URL('../package.json', import.meta.url).pathname).href)};
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, { ...context, parentURL: apiUrl });
  }
  return next(specifier, context);
}`;
// the config and schema are loaded with require(): NODE_PATH covers that path
process.env.NODE_PATH = new URL('../node_modules', import.meta.url).pathname;
(await import('node:module')).default._initPaths();
register(`data:text/javascript,${encodeURIComponent(hook)}`);

// the package's exports map hides bin.cjs, so locate it from the main entry
const main = import.meta.resolve('drizzle-kit');
process.argv.splice(1, 1, join(dirname(new URL(main).pathname), 'bin.cjs'));
await import(pathToFileURL(process.argv[1]).href);
