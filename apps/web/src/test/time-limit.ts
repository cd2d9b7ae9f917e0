/**
 * A test's time limit, stretched by the runner's scale (MARKETPLACE_TEST_TIME_SCALE): `npm test` runs the
 * component tests at a lower priority, so beside the journeys they wait for a core by design (docs/testing.md).
 */
export const timeLimit = (milliseconds: number): number => milliseconds * Math.max(1, Number(process.env.MARKETPLACE_TEST_TIME_SCALE) || 1);
