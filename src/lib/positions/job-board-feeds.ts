/**
 * The XML feeds of open positions that job boards read (issue 57): what the careers admin page
 * lists and the feeds' routes serve. Each feed's links carry its board as the visit's source
 * (src/lib/applications/source.ts), so an application that came through it is attributed to the
 * board without anyone adding a ?ref= by hand.
 */

export const jobBoardFeedIds = ['indeed', 'linkedin'] as const;
export type JobBoardFeedId = (typeof jobBoardFeedIds)[number];

export interface JobBoardFeed {
  id: JobBoardFeedId;
  /** The board, as the admin page names it. */
  name: string;
  path: string;
  /** The source an application through the feed is counted under. */
  source: string;
  /** Where the address goes, in the admin page's words. */
  help: string;
}

/** The medium of every feed link: boards are where the visit came from, the feed is how. */
export const JOB_FEED_MEDIUM = 'job-feed';

export const jobBoardFeeds: readonly JobBoardFeed[] = [
  {
    id: 'indeed',
    name: 'Indeed',
    path: '/careers/feeds/indeed.xml',
    source: 'indeed',
    help: "Give this address to Indeed (Employer > Jobs > XML feed). Glassdoor lists jobs through Indeed, and many other boards read Indeed's format too.",
  },
  {
    id: 'linkedin',
    name: 'LinkedIn',
    path: '/careers/feeds/linkedin.xml',
    source: 'linkedin',
    help: "Give this address to LinkedIn for its free job listings (the Basic Jobs XML feed), through your company page's LinkedIn contact.",
  },
];

/** A position's apply address as a board's feed links it. */
export function feedApplyPath(feed: Pick<JobBoardFeed, 'source'>, positionId: string): string {
  return `/careers/apply/${positionId}?utm_source=${feed.source}&utm_medium=${JOB_FEED_MEDIUM}`;
}
