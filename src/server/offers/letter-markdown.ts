import MarkdownIt from 'markdown-it';

/**
 * How an offer letter's Markdown is read, by its HTML (letter.ts) and its PDF (pdf.ts) alike, so the
 * preview and the PDF cannot drift apart: raw HTML is text, no bare-URL links, no images (their
 * Markdown prints as a link); markdown-it's own link check refuses javascript: and data:. The
 * preset's nesting limit (100) keeps its recursion bounded for `> > > …` thousands deep: what is
 * nested deeper is left out of both.
 */
export const letterMarkdown = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable(['image']);

// Its links (HTML only: the PDF prints their address) pass no referrer on and earn the other site nothing.
const defaultLinkOpen = letterMarkdown.renderer.rules.link_open;
letterMarkdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]!.attrSet('rel', 'noopener noreferrer nofollow');
  return defaultLinkOpen ? defaultLinkOpen(tokens, index, options, env, self) : self.renderToken(tokens, index, options);
};
