import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { statusBadges, statusLabels, type PostListRow } from '@/lib/posts/editor';

/** The posts, most recently changed first: title (to the editor), state and when, tags, who changed it last. */
export function PostList({ rows }: { rows: PostListRow[] }) {
  if (rows.length === 0) return <p className="text-muted-foreground">No post matches.</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card shadow-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Blog posts</caption>
        <thead className="border-b border-border bg-muted/60 text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Title
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              State
            </th>
            <th scope="col" className="px-4 py-3 font-semibold max-md:hidden">
              Tags
            </th>
            <th scope="col" className="px-4 py-3 font-semibold max-sm:hidden">
              Last changed
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-border last:border-0">
              <td className="px-4 py-3">
                <a href={`/admin/posts/${row.id}`} className="font-semibold text-primary underline-offset-2 hover:underline">
                  {row.title || 'Untitled post'}
                </a>
                <span className="block text-xs text-muted-foreground">
                  {row.authorName || 'No author'} · {row.path}
                </span>
              </td>
              <td className="px-4 py-3">
                <Badge variant={statusBadges[row.status]}>{statusLabels[row.status]}</Badge>
                <span className="mt-1 block text-xs text-muted-foreground">
                  {row.status === 'scheduled' && row.publishAt
                    ? `for ${formatDateTime(new Date(row.publishAt))}`
                    : row.status === 'published' && row.publishedAt
                      ? `since ${formatDateTime(new Date(row.publishedAt))}`
                      : ''}
                </span>
              </td>
              <td className="px-4 py-3 text-muted-foreground max-md:hidden">{row.tags.join(', ')}</td>
              <td className="px-4 py-3 text-muted-foreground max-sm:hidden">
                {formatDateTime(new Date(row.updatedAt))}
                {row.updatedBy && <span className="block text-xs">{row.updatedBy}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
