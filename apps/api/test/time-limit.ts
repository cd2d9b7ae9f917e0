/**
 * A test's or hook's time limit, stretched by the runner's scale (MARKETPLACE_TEST_TIME_SCALE). `npm test`
 * runs the steps that only compute at a lower priority (scripts/test.mjs): beside the journeys they wait for
 * a core by design, so a limit that only catches a hang must allow for that wait (docs/testing.md).
 */
export const TIME_SCALE = Math.max(1, Number(process.env.MARKETPLACE_TEST_TIME_SCALE) || 1);

export const timeLimit = (milliseconds: number): number => milliseconds * TIME_SCALE;
