// The process tier's global setup: the production build (apps/api/dist), made once before any test file
// runs, for the tests that start the server or a command as production does (`npm run serve`,
// `npm run create-admin`, `npm run uploads:to-bucket`). Building once, not per file, also means no test
// boots from a dist/ that another file is replacing. `npm test` builds in its own step before this tier
// runs and says so with MARKETPLACE_API_BUILT=1, so the same bundle is not made twice.
// @ts-expect-error: the build script is plain JavaScript (apps/api/scripts/build.mjs)
import { buildApi } from '../scripts/build.mjs';

export default async function setup(): Promise<void> {
  if (process.env.MARKETPLACE_API_BUILT === '1') return;
  await (buildApi as (options: { quiet: boolean }) => Promise<void>)({ quiet: true });
}
