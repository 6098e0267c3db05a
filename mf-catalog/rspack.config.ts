import { createRemoteConfigs } from '../rspack.base.ts';

export default (_env: unknown, argv: { mode?: string }) =>
  createRemoteConfigs(
    // exposes and dev port: this remote's row of the remotes table (contracts/src/remotes.ts); two builds, browser and server
    {
      name: 'mf_catalog',
      kind: 'remote',
      dir: import.meta.dirname,
    },
    argv,
  );
