/** `npm run build`: production builds of the host and every remote (a new release folder per remote). */
import { buildAll } from './lib/stack.ts';

const started = Date.now();
buildAll()
  .then(({ versions }) => {
    console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s. Remote releases:`);
    for (const [name, version] of Object.entries(versions)) console.log(`  ${name}  ${version}`);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
