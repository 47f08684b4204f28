import type { FieldChange } from '@/lib/posts/editor';

/** Changes field by field: removed text struck through in red, added text underlined in green (and said so to screen readers). */
export function PostDiff({ changes, empty }: { changes: FieldChange[]; empty: string }) {
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <dl className="flex flex-col gap-4">
      {changes.map((change) => (
        <div key={change.field} className="flex flex-col gap-1">
          <dt className="text-sm font-semibold">{change.label}</dt>
          <dd className="max-h-80 overflow-auto rounded-md border border-border bg-white p-3 text-sm leading-relaxed whitespace-pre-wrap">
            {change.parts.map((part, index) =>
              part.change === 'added' ? (
                <ins key={index} className="bg-[#e6f4ea] text-[#0d5e2a] decoration-[#0d5e2a]">
                  <span className="sr-only">[added: </span>
                  {part.value}
                  <span className="sr-only">]</span>
                </ins>
              ) : part.change === 'removed' ? (
                <del key={index} className="bg-[#fde8e7] text-[#8f1d14]">
                  <span className="sr-only">[removed: </span>
                  {part.value}
                  <span className="sr-only">]</span>
                </del>
              ) : (
                <span key={index}>{part.value}</span>
              ),
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
