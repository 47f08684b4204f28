// The Cache-Control of answers that are the same for everybody, in one place (the build's files,
// the page cache's pages, the media library's images). Answers that belong to someone say
// `private` or `no-store` where they are made.

/** Named by their content (the build's /_astro/ files, an image's variants): never stale, kept a year by anyone. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The same for everybody but changing (a page whose texts an editor publishes, the blog, the
 * docs): a browser asks again every time (its ETag makes that a 304), and a shared cache in front
 * (nginx, deploy/nginx.conf) may answer it for one second without asking (s-maxage), so a page
 * asked for many times a second reaches an instance about once a second (decision 054).
 */
export const SHARED_REVALIDATE = 'public, max-age=0, s-maxage=1, must-revalidate';
