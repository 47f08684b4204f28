// The cookies an answer sets, as a Cookie header to send back (a signed-in drill's session).
export const cookiesOf = (response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
