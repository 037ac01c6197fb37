import type { BlogPost } from '../../../../schema/api/content.ts';

/** What a blog page shows: the landing page, news, a category or an article. */
export type BlogView =
  | { kind: 'landing'; posts: BlogPost[] }
  | { kind: 'news'; posts: BlogPost[] }
  | { kind: 'category'; category: string; posts: BlogPost[] }
  | { kind: 'article'; post: BlogPost };
