import { diffLines, diffWordsWithSpace } from 'diff';
import type { PostContent } from './content.ts';
import { fieldLabels, type FieldChange } from './editor.ts';

const displayValue = (value: unknown): string =>
  Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value === null ? '' : String(value);

/** Two texts' differences: line by line (a post's body) or word by word. */
export function changedParts(before: string, after: string, by: 'lines' | 'words'): FieldChange['parts'] {
  return (by === 'lines' ? diffLines(before, after) : diffWordsWithSpace(before, after)).map((part) => ({
    value: part.value,
    change: part.added ? 'added' : part.removed ? 'removed' : 'same',
  }));
}

/**
 * What differs between two versions of a post, field by field: the body line by line, the other
 * fields word by word. Used for a revision against the working copy and for two editors' versions
 * of the same post (a save conflict).
 */
export function compareContent(from: PostContent, to: PostContent): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(fieldLabels) as (keyof PostContent)[]) {
    const before = displayValue(from[field]);
    const after = displayValue(to[field]);
    if (before === after) continue;
    changes.push({ field, label: fieldLabels[field], parts: changedParts(before, after, field === 'body' ? 'lines' : 'words') });
  }
  return changes;
}
