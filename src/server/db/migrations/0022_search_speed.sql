-- Resume search at 50,000 applications (issue 33, search speed). A phrase ("site reliability")
-- cannot be answered by the search document's GIN index alone: the index knows which documents hold
-- both words, not whether they stand side by side, so PostgreSQL read every candidate's document
-- (about 5 KB, out of line) again, 17,000 of them for "site reliability", half a second a search.
-- This index holds each document's pairs of neighbouring words (their English stems, as
-- websearch_to_tsquery writes them: "site reliabl"), so a phrase of two words is one exact index
-- lookup (src/server/applications/workspace.ts, phraseOf). The pairs come from the stored document's
-- positions, so "a <-> b" matches here exactly when the document matches it. Longer phrases and
-- phrases with a stop word between ("head of engineering") still use the document.
-- The index is on an expression of search_vector, kept by PostgreSQL with the column (drizzle's
-- schema does not know it, as with the trigram index of 0019).
CREATE FUNCTION search_vector_bigrams(v tsvector) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT first.lexeme || ' ' || second.lexeme), '{}')
  FROM (SELECT u.lexeme, p FROM unnest(v) AS u, unnest(u.positions) AS p) AS first
  JOIN (SELECT u.lexeme, p FROM unnest(v) AS u, unnest(u.positions) AS p) AS second ON second.p = first.p + 1
$$;
-- The index itself ("applications_search_bigrams_idx") is built after the migrations with CREATE
-- INDEX CONCURRENTLY (src/server/db/concurrent-indexes.ts): built here, in the migration's
-- transaction, it held every write to applications for about a minute at 50,000 applications,
-- while the instances of the previous release were taking them. Databases that ran this migration
-- in its first form have the index already; a migration that has run is never run again.
