import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** The six built-in posts of the spec (section 3), one Markdown file each: src/content/blog/{id}.md. */
const blog = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/blog' }),
  schema: z.object({
    id: z.number().int().min(1),
    title: z.string(),
    excerpt: z.string(),
    author: z.string(),
    /** As displayed, e.g. "March 15, 2024". */
    date: z.string(),
    isoDate: z.coerce.date(),
    readTime: z.string().regex(/^\d+ min read$/),
    category: z.string(),
    tags: z.array(z.string()).min(1),
    /** An illustration in src/assets/illustrations. */
    image: z.string(),
    imageAlt: z.string(),
  }),
});

export const collections = { blog };
