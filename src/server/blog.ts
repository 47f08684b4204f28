import { getCollection, type CollectionEntry } from 'astro:content';

export type BlogPost = CollectionEntry<'blog'>;

/** The six posts, newest first (the spec's ids run 1 = newest to 6). */
export async function allPosts(): Promise<BlogPost[]> {
  const posts = await getCollection('blog');
  return posts.sort((a, b) => b.data.isoDate.getTime() - a.data.isoDate.getTime());
}

export async function postById(id: number): Promise<BlogPost | undefined> {
  return (await getCollection('blog')).find((post) => post.data.id === id);
}
