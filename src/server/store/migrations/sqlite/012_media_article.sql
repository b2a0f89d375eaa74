-- A video or audio may belong to an article (its video abstract, its audio guide): the resource's
-- page links to the article, and the article page lists its media. NULL: the site's own media.
ALTER TABLE media ADD COLUMN article_id INTEGER REFERENCES articles(id);
CREATE INDEX media_article ON media(article_id);
