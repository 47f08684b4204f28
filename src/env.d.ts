declare namespace App {
  interface Locals {
    /** Set by src/middleware.ts for admin-area requests that passed the admin check. */
    viewer?: import('./server/accounts/session').Viewer;
    /** Set by src/middleware.ts for JSON API requests that came through its door with a token (issue 55). */
    apiCaller?: import('./server/api/tokens').ApiCaller;
    /** Set by src/middleware.ts for every request: the route pattern, the label of the request metrics. */
    routePattern?: string;
    /** Set by our HTTP server: work left for after the response (src/server/after-response.ts). */
    afterResponse?: Array<() => void>;
    /** Set by our HTTP server (src/server/http/server.ts): the request id, a fault's reference. */
    requestId?: string;
    /** Set by our HTTP server: resolves once the client's connection takes more (a streamed download waits on it). */
    writable?: () => Promise<void>;
  }
}
