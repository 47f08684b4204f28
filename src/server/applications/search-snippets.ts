import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { HIT_END, HIT_START, snippetFields, snippetParts, type SearchSnippet, type SnippetField } from '../../lib/applications/search.ts';

/**
 * Where a search found each of a page of applications (issue 33): the first part that matches, in
 * the order resume, cover letter, answers, notes, with PostgreSQL's headline of it (a few words
 * around up to two hits). Only the page's rows, so the work does not grow with the number of
 * applications. A match on the name or e-mail alone has no snippet: the row shows both.
 */
export async function searchSnippets(db: Database, applicationIds: readonly string[], q: string): Promise<Map<string, SearchSnippet>> {
  if (applicationIds.length === 0) return new Map();
  const options = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
  const result = await db.execute<{ id: string; field: SnippetField; headline: string }>(sql`
    with search as (select websearch_to_tsquery('english', ${q}) as query),
    parts as (
      select a.id, part.ordinal, part.field, part.body
      from applications a
      left join resume_texts r on r.application_id = a.id
      cross join lateral (values
        (1, 'resume', r.text),
        (2, 'cover-letter', a.cover_letter),
        (3, 'answers', (select string_agg(answer->>'answer', ' · ') from jsonb_array_elements(a.screening_answers) as answer)),
        (4, 'notes', (select string_agg(n.body, ' · ' order by n.created_at) from application_notes n where n.application_id = a.id))
      ) as part(ordinal, field, body)
      where a.id in (${sql.join(
        applicationIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and part.body is not null
        and to_tsvector('english', part.body) @@ (select query from search)
    )
    select distinct on (id) id, field, ts_headline('english', body, (select query from search), ${options}) as headline
    from parts
    order by id, ordinal`);
  return new Map(
    result.rows
      .filter((row) => (snippetFields as readonly string[]).includes(row.field))
      .map((row) => [row.id, { field: row.field, parts: snippetParts(row.headline) }]),
  );
}
