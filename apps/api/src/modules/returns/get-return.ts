import { returnView } from './return-views';
import { loadReturn, type ReturnCaller, type ReturnsServiceDependencies } from './returns-shared';

/** One return, for its buyer, its seller or an admin; anyone else gets a 404. */
export async function getReturn(deps: ReturnsServiceDependencies, caller: ReturnCaller, id: string) {
  const { row } = await loadReturn(deps.db, caller, id, { admin: true });
  return { success: true as const, return: await returnView(deps, row, caller) };
}
