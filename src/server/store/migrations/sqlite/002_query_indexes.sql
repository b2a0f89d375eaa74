-- Indexes for the content queries (store query modules). Portable: PostgreSQL accepts each as written.

-- Formal-article counts per issue (period tree, TOC totals) read the index alone.
CREATE INDEX articles_period_status ON articles(period_id, status);
-- Case-insensitive DOI lookup (getArticleByDoi compares lower(doi)).
CREATE INDEX articles_doi_lower ON articles(lower(doi));
-- The most-read list orders a site's formal articles by views.
CREATE INDEX articles_site_status_views ON articles(site_id, status, views);
-- Lists of one journal (group sites) by status and date.
CREATE INDEX articles_publication_status ON articles(publication_id, status, published_date);
CREATE INDEX news_site_top ON news(site_id, is_top, published_at);
CREATE INDEX news_site_published ON news(site_id, published_at);
CREATE INDEX album_items_album ON album_items(album_id, position);
CREATE INDEX albums_site ON albums(site_id, sort_order);
CREATE INDEX tools_site ON tools(site_id, sort_order);
CREATE INDEX figures_site ON figures(site_id, kind);
CREATE INDEX site_groups_member ON site_groups(member_site_id);
CREATE INDEX editorial_topics_site ON editorial_topics(site_id);
CREATE INDEX columns_publication ON columns(publication_id, sort_order);
