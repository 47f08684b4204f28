/**
 * Astro Actions' client for the public forms, which load it when they are sent (`await
 * import('@/lib/actions-client')`), not with their page. This module is that import's own small
 * file: the client itself sits in the `actions` group's file (src/integrations/client-chunks.ts),
 * and importing it through a file of its own spares the bundler building its module object there.
 */
export { actions } from 'astro:actions';
