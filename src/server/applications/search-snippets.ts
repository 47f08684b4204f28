import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { HIT_END, HIT_START, snippetFields, snippetParts, type SearchSnippet, type SnippetField } from '../../lib/applications/search.ts';

/**
 * The part of a resume a headline reads: from this many characters before the first place one of
 * the search's stems is written, this many. Reading a whole resume into words (about 5 KB) was most
 * of a search's time (105 ms for a page's 50 on the bench's data; 39 ms so). Where that part holds
 * no hit (a stem written otherwise, "happi" for "happy"), the headline reads the whole resume.
 */
const RESUME_WINDOW_BEFORE = 300;
const RESUME_WINDOW = 900;

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
      .map((row) => [row.id, { field: row.field, parts: snippetParts(row.headline) }]),
  );
}

async function snippetsOf(db: Database, applicationIds: readonly string[], q: string) {
  const options = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
  const result = await db.execute<{ id: string; field: SnippetField; headline: string }>(sql`
    with search as (
      select websearch_to_tsquery('english', ${q}) as query,
        (select array_agg(stem) from unnest(tsvector_to_array(to_tsvector('english', ${q}))) as stem) as stems
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
          select case when strpos(near.headline, ${HIT_START}) > 0 then near.headline
                      else ts_headline('english', r.text, s.query, ${options}) end
          from resume_texts r
          cross join lateral (
            select coalesce(min(nullif(strpos(lower(r.text), stem), 0)), 1) as at from unnest(s.stems) as stem
          ) first
          cross join lateral (
            select ts_headline('english', substr(r.text, greatest(1, first.at - ${sql.raw(String(RESUME_WINDOW_BEFORE))}), ${sql.raw(String(RESUME_WINDOW))}), s.query, ${options}) as headline
          ) near
          where r.application_id = f.id)
        else ts_headline('english',
          case f.field when 'cover-letter' then f.cover_letter when 'answers' then f.answers else f.notes end,
          s.query, ${options})
      end as headline
    from found f cross join search s
    where f.field is not null`);
  return result.rows;
}
