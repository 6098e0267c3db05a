import path from 'node:path';
import { createHostConfigs } from '../rspack.base.ts';

// Two builds: the browser app and the server renderer (rspack.base.ts createHostConfigs).
export default (_env: unknown, argv: { mode?: string }) =>
  createHostConfigs(
    {
      name: 'host',
      kind: 'host',
      dir: import.meta.dirname,
      runtimePlugins: [path.join(import.meta.dirname, 'src/federation/runtime-plugin.ts')],
      devPort: 3100,
    },
    argv,
  );
