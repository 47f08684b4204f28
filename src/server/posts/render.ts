import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import type { PictureData } from '../../lib/picture.ts';

/**
 * A post's body: Markdown as the editor writes it, rendered to HTML and sanitised when it is
 * saved (issue 34, decision 048). The public pages print only this HTML, never what was typed:
 * an allow-list of text elements (no script, iframe, object, form, style or SVG; no event handler,
 * `style` or `class` attribute; links only to http, https, mailto and the site's own paths;
 * images only from the media library, as responsive pictures).
 */

const MEDIA_PATH = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/[A-Za-z0-9._-]+)?$/;

/** The media library id an image address names, when it is one of ours. */
export function mediaIdOf(src: string | null | undefined): string | null {
  return src ? (MEDIA_PATH.exec(src)?.[1] ?? null) : null;
}

/** Every media library image a body's Markdown shows (to look their sizes up, and to tell where an image is used). */
export function mediaIdsIn(markdown: string): string[] {
  const ids = new Set<string>();
  for (const match of markdown.matchAll(/\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/g)) ids.add(match[1]!);
  return [...ids];
}

/** How wide a body image is shown: the article's column. */
export const BODY_IMAGE_SIZES = '(min-width: 768px) 768px, calc(100vw - 2rem)';

interface RenderEnv {
  pictures: ReadonlyMap<string, PictureData>;
}

const markdown = new MarkdownIt({ html: true, linkify: true, typographer: false });

const escape = (text: string) => markdown.utils.escapeHtml(text);

markdown.renderer.rules.image = (tokens, index, options, env: RenderEnv, self) => {
  const token = tokens[index]!;
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  const picture = env.pictures.get(mediaIdOf(token.attrGet('src')) ?? '');
  // An image that is not in the library (another site's, a deleted one) is left out.
  if (!picture) return '';
  const sources = picture.sources
    .map((source) => `<source type="${escape(source.type)}" srcset="${escape(source.srcset)}" sizes="${BODY_IMAGE_SIZES}">`)
    .join('');
  return `<picture>${sources}<img src="${escape(picture.src)}" alt="${escape(alt)}" width="${picture.width}" height="${picture.height}" sizes="${BODY_IMAGE_SIZES}" loading="lazy" decoding="async"></picture>`;
};

const onlyMediaSources = (srcset: string) =>
  srcset
    .split(',')
    .map((part) => part.trim().split(/\s+/)[0] ?? '')
    .every((url) => mediaIdOf(url) !== null);

/** The elements a post's body may have: text, lists, tables, links and our pictures. */
export const allowedBodyTags = [
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'a',
  'blockquote',
  'code',
  'pre',
  'hr',
  'br',
  'picture',
  'source',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'del',
  's',
  'sup',
  'sub',
] as const;

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [...allowedBodyTags],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height', 'sizes', 'loading', 'decoding'],
    source: ['type', 'srcset', 'sizes'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'srcset', 'cite'],
  allowProtocolRelative: false,
  // What these hold is not text to keep: dropped with the element.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'head',
    'xmp',
    'noembed',
    'noframes',
    'select',
  ],
  // The page has its own h1 (the title): headings in the body start at h2.
  transformTags: { h1: 'h2', h5: 'h4', h6: 'h4' },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && mediaIdOf(frame.attribs.src) === null) ||
    (frame.tag === 'source' && !onlyMediaSources(frame.attribs.srcset ?? '')),
};

/** Markdown to the HTML the public pages print: rendered, then sanitised (images looked up in `pictures`). */
export function renderBody(body: string, pictures: ReadonlyMap<string, PictureData> = new Map()): string {
  const html = markdown.render(body, { pictures } satisfies RenderEnv);
  return sanitizeHtml(html, sanitizeOptions);
}
