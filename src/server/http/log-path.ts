/**
 * The path as the request log writes it: a candidate's personal link (/applications/<token>) is a
 * secret, so its token is replaced by ":token" (issue 19: "never in logs"). Everything else as is.
 */
export function loggedPath(path: string): string {
  return path.replace(/^\/applications\/[^/]+/, '/applications/:token');
}
