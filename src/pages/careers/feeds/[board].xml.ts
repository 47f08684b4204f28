import type { APIRoute } from 'astro';
import { jobBoardFeedIds, type JobBoardFeedId } from '@/lib/positions/job-board-feeds';
import { jobBoardFeedXml } from '@/server/positions/job-board-feeds';
import { getRuntime } from '@/server/runtime';
import { siteOrigin } from '@/server/site-url';

// The job boards' feeds (issue 57), on demand like the RSS feed: positions join and leave them as
// they open and close. Boards fetch them a few times a day.
export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
  const board = params.board as JobBoardFeedId;
  if (!jobBoardFeedIds.includes(board)) return new Response(null, { status: 404 });
  const xml = await jobBoardFeedXml(getRuntime().database.db, board, siteOrigin());
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
};
