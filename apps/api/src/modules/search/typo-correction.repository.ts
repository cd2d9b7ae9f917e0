import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { catalogueLexemes } from '../catalog/catalog.schema';

// A misspelt word is corrected inside the word page's own statement, against the words the live catalogue
// has (catalogue_lexemes, kept by PostgreSQL: migration 0028; docs/decisions/0029-jit-off-and-one-statement-typo.md).

/**
 * The words to find, as the catalogue has them: each stem of the query (PostgreSQL's English stemming,
 * stop words left out) stays when a live listing has it, else becomes the catalogue's closest stem
 * (trigram similarity, the most listed on a tie). When a word has no close stem at all, or the query has
 * no word but stop words, the array is empty and nothing matches. A word spelt right costs one primary-key
 * probe; only a misspelt one reads the trigram index.
 */
export function queryWordsOf(text: SQL | Placeholder | string): SQL {
  const known = alias(catalogueLexemes, 'known_words');
  const close = alias(catalogueLexemes, 'close_words');
  // The text is a one-row subquery, so a statement's plan cannot be made for one query's words: PostgreSQL
  // plans each shape once (as for the offset, offsetOf in listing-page-plan.repository.ts). `offset 0`
  // keeps each word corrected once.
  return sql`(select (case when bool_and(fixed.lexeme is not null) then array_agg(distinct fixed.lexeme) else '{}' end)::text[]
    from (select coalesce(
        (select ${known.lexeme} from ${catalogueLexemes} ${known} where ${known.lexeme} = typed.lexeme and ${known.listingCount} > 0),
        (select ${close.lexeme} from ${catalogueLexemes} ${close} where typed.lexeme <% ${close.lexeme} and ${close.listingCount} > 0
          order by similarity(typed.lexeme, ${close.lexeme}) desc, ${close.listingCount} desc, ${close.lexeme} limit 1)
      ) as lexeme
      from unnest(tsvector_to_array(to_tsvector('english', (select ${text}::text)))) as typed(lexeme) offset 0) as fixed)`;
}
