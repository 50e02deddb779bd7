/** One page of a list shown in pages of `size`; a page past the end shows the last page. */
export interface ListPage<T> {
  items: T[];
  /** 1-based page shown, and how many pages there are (at least 1). */
  page: number;
  pages: number;
  /** 1-based positions of the first and last item shown (0 and 0 for an empty list). */
  from: number;
  to: number;
  total: number;
}

export function listPage<T>(items: readonly T[], requested: number, size: number): ListPage<T> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const page = Math.min(pages, Math.max(1, Math.floor(requested) || 1));
  const start = (page - 1) * size;
  const shown = items.slice(start, start + size);
  return {
    items: shown,
    page,
    pages,
    from: shown.length > 0 ? start + 1 : 0,
    to: start + shown.length,
    total: items.length,
  };
}
