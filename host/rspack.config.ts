import path from 'node:path';
import { createConfig } from '../rspack.base.ts';

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig(
    {
      name: 'host',
      kind: 'host',
      dir: import.meta.dirname,
      runtimePlugins: [path.join(import.meta.dirname, 'src/federation/runtime-plugin.ts')],
      devPort: 3100,
    },
    argv,
  );
