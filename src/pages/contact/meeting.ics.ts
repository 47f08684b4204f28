import type { APIRoute } from 'astro';

// The calendar template Book a Meeting used to download (before issue 31): an old link now leads to
// the real free times.
export const prerender = false;

export const GET: APIRoute = ({ redirect }) => redirect('/contact/book', 301);
