import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { HIT_END, HIT_START, snippetFields, type SearchSnippet, type SnippetField } from '../../lib/applications/search.ts';

/**
 * The part of a resume a headline reads: from this many characters before the first place one of
 * the search's stems is written, this many. Reading a whole resume into words (about 5 KB) was most
 * of a search's time (105 ms for a page's 50 on the bench's data; 39 ms so). The headline of that
 * part marks any of the search's words in it: of several words, the others are often further on
 * (17 of a page's first 25 for "kubernetes python"), and a headline of the whole search found none
 * there. Only where it holds none (a stem written otherwise, "happi" for "happy") does the headline
 * read the whole resume, for the whole search.
 */
const RESUME_WINDOW_BEFORE = 200;
const RESUME_WINDOW = 600;

/** The page's rows in this many queries at once (each on its own pooled connection): the headlines are most of a search's time. */
const CONCURRENT_QUERIES = 2;

/**
 * Where a search found each of a page of applications (issue 33): the first part that matches, in
 * the order resume, cover letter, answers, notes, with PostgreSQL's headline of it (a few words
 * around up to two hits). Only the page's rows, so the work does not grow with the number of
 * applications. A match on the name or e-mail alone has no snippet: the row shows both.
 *
 * Reading a resume into words is the costly part (about 1 ms for two pages), so each resume is read
 * once, for its headline: whether it matches is asked of the stored search document's resume part
 * (weight B, migration 0019: the resume alone), not of the text read again. The page is split in
 * halves, run at the same time.
 */
export async function searchSnippets(db: Database, applicationIds: readonly string[], q: string): Promise<Map<string, SearchSnippet>> {
  if (applicationIds.length === 0) return new Map();
  const size = Math.ceil(applicationIds.length / CONCURRENT_QUERIES);
  const chunks = Array.from({ length: Math.ceil(applicationIds.length / size) }, (_, index) =>
    applicationIds.slice(index * size, (index + 1) * size),
  );
  const results = await Promise.all(chunks.map((ids) => snippetsOf(db, ids, q)));
  return new Map(
    results
      .flat()
      .filter((row) => (snippetFields as readonly string[]).includes(row.field))
      .map((row) => [row.id, { field: row.field, headline: row.headline }]),
  );
}

async function snippetsOf(db: Database, applicationIds: readonly string[], q: string) {
  const options = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
  const result = await db.execute<{ id: string; field: SnippetField; headline: string }>(sql`
    with search as (
      select websearch_to_tsquery('english', ${q}) as query,
        (select array_agg(stem) from unnest(tsvector_to_array(to_tsvector('english', ${q}))) as stem) as stems,
        -- Any of its words ('a' | 'b', where the search asks 'a' & 'b'): plainto_tsquery writes its stems quoted, joined by " & ".
        replace(plainto_tsquery('english', ${q})::text, ' & ', ' | ')::tsquery as any_word
    ),
    parts as (
      select a.id, a.search_vector, a.cover_letter,
        (select string_agg(answer->>'answer', ' · ') from jsonb_array_elements(a.screening_answers) as answer) as answers,
        (select string_agg(n.body, ' · ' order by n.created_at) from application_notes n where n.application_id = a.id) as notes
      from applications a
      where a.id in (${sql.join(
        applicationIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    ),
    found as (
      select p.id,
        case
          when ts_filter(p.search_vector, '{b}') @@ s.query then 'resume'
          when to_tsvector('english', p.cover_letter) @@ s.query then 'cover-letter'
          when to_tsvector('english', coalesce(p.answers, '')) @@ s.query then 'answers'
          when to_tsvector('english', coalesce(p.notes, '')) @@ s.query then 'notes'
        end as field,
        p.cover_letter, p.answers, p.notes
      from parts p cross join search s
    )
    select f.id, f.field,
      case f.field
        when 'resume' then (
          select coalesce(
            (select headline from (select ts_headline('english', first.part, s.any_word, ${options}) as headline) near where strpos(headline, ${HIT_START}) > 0),
            ts_headline('english', r.text, s.query, ${options}))
          from resume_texts r
          -- Lowered once (a resume's 5 KB, 0.2 ms): not merged into the search for each stem (its offset 0).
          cross join lateral (select lower(r.text) as text offset 0) lowered
          cross join lateral (
            select substr(r.text, greatest(1, coalesce(min(nullif(strpos(lowered.text, stem), 0)), 1) - ${sql.raw(String(RESUME_WINDOW_BEFORE))}), ${sql.raw(String(RESUME_WINDOW))}) as part
            from unnest(s.stems) as stem
          ) first
          where r.application_id = f.id)
        else ts_headline('english',
          case f.field when 'cover-letter' then f.cover_letter when 'answers' then f.answers else f.notes end,
          s.query, ${options})
      end as headline
    from found f cross join search s
    where f.field is not null`);
  return result.rows;
}
