/**
 * The path as the request log writes it: a candidate's personal link (/applications/<token>), a
 * booking's manage link (/bookings/<token>), an interview invitation (/interviews/<token>) and a staff member's calendar feed
 * (/calendar/<token>.ics) are secrets, so their token is replaced by ":token" (issue 19: "never in
 * logs"). Everything else as is.
 */
export function loggedPath(path: string): string {
  return path.replace(/^\/(applications|bookings|interviews)\/[^/]+/, '/$1/:token').replace(/^\/calendar\/[^/]+/, '/calendar/:token.ics');
}
