/**
 * The one script of the analytics (issue 57), inline on public pages: it does nothing unless the
 * page came from a cache in front of the site (deploy/nginx.conf says so in the answer's
 * Server-Timing: `cache;desc=HIT`), which the server never saw and so could not count. Then, unless
 * the browser asks not to be tracked (Do Not Track, Global Privacy Control), it sends the page's
 * address and referrer, a hundred bytes or so, with sendBeacon. Nothing is stored on the device.
 */

export const BEACON_PATH = '/api/analytics/view';

export const cachedViewScript = `(function(){try{var n=navigator,e=performance.getEntriesByType("navigation")[0];if(!e||!e.serverTiming||n.doNotTrack=="1"||n.globalPrivacyControl)return;if(!e.serverTiming.some(function(t){return t.name=="cache"&&t.description=="HIT"}))return;n.sendBeacon("${BEACON_PATH}",JSON.stringify({p:location.pathname+location.search,r:document.referrer}))}catch(x){}})()`;
