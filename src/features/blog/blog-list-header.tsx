/** The heading and lead of /blog, shared by the page, its skeleton and its error state. */
export function BlogListHeader() {
  return (
    <header className="blog-list__header">
      <h1 className="blog-list__title">Blog</h1>
      <p className="blog-list__lead">Stories, care guides and news from the workshop.</p>
    </header>
  );
}
