// The catalogue API's own global setup: a throwaway PostgreSQL (scripts/postgres.mjs) and the
// seeded templates of both drivers. The release tests run the catalogue API in process beside
// the release service (trusted documents are registered there; the smoke asks it for pages).
export { default } from '../../api/test/global-setup.ts';
