import { sql } from 'drizzle-orm';
import { orderItems } from './orders.schema';

// An order item as every list, CSV and message names it (decision 0043): its title as bought, and its variant's
// label in brackets when it has one — "Organic tee (Size: M)". The same rule as packages/domain/src/variations.ts
// (itemName), in SQL for the reports that read the title with the rest of the row.
export const orderItemNameSql = () =>
  sql<string>`(case when ${orderItems.variantLabel} is null then ${orderItems.title} else ${orderItems.title} || ' (' || ${orderItems.variantLabel} || ')' end)`;
