import { changeChannel } from '../db/change-channel.ts';

/**
 * "The site's content changed": a blog post published, unpublished or edited while published, an
 * image's alt text or sizes (issue 34). The pages built from it (the blog, a post, RSS, the
 * sitemap) are kept in the page cache and forgotten on this announcement, on every instance.
 */
export const CONTENT_CHANNEL = 'helixpoint_content_changed';
export const contentChanges = changeChannel(CONTENT_CHANNEL);
