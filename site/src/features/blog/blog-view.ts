import type { BlogCard, BlogPost } from '../../../../schema/api/content.ts';

/** What a blog page shows: the landing page, news, a category or an article. */
export type BlogView =
  | { kind: 'landing'; posts: BlogCard[]; /** More articles than the landing shows (then it links /news). */ more: boolean }
  | { kind: 'news'; posts: BlogCard[]; paging: BlogPaging }
  | { kind: 'category'; category: string; posts: BlogCard[]; paging: BlogPaging }
  | { kind: 'article'; post: BlogPost };

/** Where a paged article list is: its path, the page shown and the number of articles in it. */
export interface BlogPaging {
  path: string;
  page: number;
  count: number;
}
