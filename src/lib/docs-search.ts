/** What a docs topic can be found by (content/types.ts's DocsTopic has it; lib does not import content). */
export interface SearchableTopic {
  title: string;
  summary: string;
  keywords: readonly string[];
  sections: readonly { heading: string; paragraphs: readonly string[]; bullets?: readonly string[] }[];
}

/** Everything a topic can be found by, lowercased: title, summary, keywords, headings and text. */
export function topicSearchText(topic: SearchableTopic): string {
  return [
    topic.title,
    topic.summary,
    ...topic.keywords,
    ...topic.sections.flatMap((section) => [section.heading, ...section.paragraphs, ...(section.bullets ?? [])]),
  ]
    .join(' ')
    .toLowerCase();
}

/** True when every word of the query appears in the text (case-insensitive); an empty query matches. */
export function matchesQuery(searchText: string, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((word) => searchText.includes(word));
}

/** The sentence announced under the search box. */
export function resultSummary(count: number, total: number, query: string): string {
  const trimmed = query.trim();
  if (!trimmed) return `${total} topics`;
  if (count === 0) return `No topics match "${trimmed}".`;
  return `${count} of ${total} topics match "${trimmed}".`;
}
