/**
 * The release checks live in the release service (release/src/registry/release-rules.ts, run by the registry's
 * release gate on every publish, activate, canary, promote and rollback): the CLI is a client,
 * not the guard. Re-exported here for the tooling's tests. A release's trusted documents are
 * registered by the release service too (at upload, and again before activate and canary:
 * release/src/registry/release-operations.ts).
 */
export { compareManifests, type Manifest, type SharedExports } from '@shop/release/release-rules';
