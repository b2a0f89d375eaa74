-- CN numbers are now one exact token with or without their "CN" and when their class ends in a
-- digit (22-1128/O6; src/server/search/identifiers.ts). The index written before held such numbers
-- as loose words: emptied here, it is rebuilt with the new tokens before the first search
-- (ensureSearchReady in src/server/store/search.ts).
DELETE FROM search_facets;
DELETE FROM search_text;
DELETE FROM search_docs;
