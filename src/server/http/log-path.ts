/**
 * The path as the request log writes it: a candidate's personal link (/applications/<token>) and a
 * booking's manage link (/bookings/<token>) are secrets, so their token is replaced by ":token"
 * (issue 19: "never in logs"). Everything else as is.
 */
export function loggedPath(path: string): string {
  return path.replace(/^\/(applications|bookings)\/[^/]+/, '/$1/:token');
}
