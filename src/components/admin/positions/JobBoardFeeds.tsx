import { DetailCard } from '@/components/admin/DetailCard';
import { jobBoardFeeds } from '@/lib/positions/job-board-feeds';

/**
 * The job boards' feeds on the positions page (issue 57): each board's address to give it, with
 * where it goes. Rendered on the server, no script: the address is text to select and copy.
 */
export function JobBoardFeeds({ origin, rssPath }: { origin: string; rssPath: string }) {
  const rows = [
    ...jobBoardFeeds.map((feed) => ({ id: feed.id, name: feed.name, url: new URL(feed.path, origin).href, help: feed.help })),
    {
      id: 'rss',
      name: 'RSS',
      url: new URL(rssPath, origin).href,
      help: 'For feed readers and aggregators that follow the open positions (the job board links it too).',
    },
  ];
  return (
    <DetailCard id="job-board-feeds" title="Job board feeds">
      <p className="mt-2 text-sm text-muted-foreground">
        Open positions are listed in these feeds as they open and close. Applications through a feed&rsquo;s links count under its board in
        Insights.
      </p>
      <dl className="mt-4 space-y-4 text-sm">
        {rows.map((row) => (
          <div key={row.id}>
            <dt className="font-medium">{row.name}</dt>
            <dd className="mt-1">
              <code className="block rounded-md bg-muted px-3 py-2 font-mono text-xs break-all select-all">{row.url}</code>
              <p className="mt-1 text-muted-foreground">{row.help}</p>
            </dd>
          </div>
        ))}
      </dl>
    </DetailCard>
  );
}
