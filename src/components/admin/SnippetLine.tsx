import { snippetFieldLabels, snippetParts, type SearchSnippet } from '@/lib/applications/search';

/** Where the search found an applicant: the part ("Resume") and the words around the hits, marked. */
export function SnippetLine({ snippet }: { snippet: SearchSnippet }) {
  return (
    <p className="mt-1 max-w-prose text-xs leading-relaxed text-muted-foreground">
      <span className="font-semibold text-foreground">{snippetFieldLabels[snippet.field]}:</span>{' '}
      {snippetParts(snippet.headline).map((part, index) =>
        part.hit ? (
          <mark key={index} className="rounded-sm bg-accent/30 px-0.5 text-foreground">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
