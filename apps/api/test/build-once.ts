// The API suite's global setup: the production build (apps/api/dist) made once, before any test file
// runs, for the tests that start the server or a command as production does (`npm run serve`,
// `npm run create-admin`, `npm run uploads:to-bucket`). Building once, not per file, also means no test
// boots from a dist/ that another file is replacing.
// @ts-expect-error: the build script is plain JavaScript (apps/api/scripts/build.mjs)
import { buildApi } from '../scripts/build.mjs';

export default async function setup(): Promise<void> {
  await (buildApi as (options: { quiet: boolean }) => Promise<void>)({ quiet: true });
}
