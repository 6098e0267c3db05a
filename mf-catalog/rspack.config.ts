import { createConfig } from '../rspack.base.ts';

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig(
    // exposes and dev port: this remote's row of the remotes table (contracts/src/remotes.ts)
    {
      name: 'mf_catalog',
      kind: 'remote',
      dir: import.meta.dirname,
    },
    argv,
  );
