-- Initial schema. Portable SQL (no SQLite-only types) so a PostgreSQL store can mirror it.
-- Booleans are INTEGER 0/1; dates are ISO-8601 TEXT; lists are ';'-separated TEXT as rc-pub sends them.

CREATE TABLE files (
  id INTEGER PRIMARY KEY,
  site_id INTEGER,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  data BLOB NOT NULL,
  etag TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE sites (
  id INTEGER PRIMARY KEY,
  sld TEXT NOT NULL UNIQUE,
  domain TEXT,
  name TEXT NOT NULL,
  en_name TEXT NOT NULL,
  template_id INTEGER NOT NULL DEFAULT 1,
  type TEXT NOT NULL CHECK (type IN ('single', 'group', 'all')),
  colour INTEGER NOT NULL DEFAULT 1 CHECK (colour BETWEEN 0 AND 11),
  colour1 TEXT,
  colour2 TEXT,
  colour3 TEXT,
  gray_type INTEGER NOT NULL DEFAULT 0,
  umt_flag INTEGER NOT NULL DEFAULT 0,
  logo1 INTEGER REFERENCES files(id),
  picture_url TEXT,
  keywords TEXT,
  en_keywords TEXT,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'expired', 'forbidden')),
  created_at TEXT NOT NULL
);

CREATE TABLE header_configs (
  site_id INTEGER PRIMARY KEY REFERENCES sites(id),
  nav_style INTEGER NOT NULL DEFAULT 1 CHECK (nav_style BETWEEN 1 AND 6),
  is_ceiling INTEGER NOT NULL DEFAULT 0,
  has_login_and_register INTEGER NOT NULL DEFAULT 1,
  group_entrance INTEGER NOT NULL DEFAULT 0,
  search_box INTEGER NOT NULL DEFAULT 1,
  adv_search INTEGER NOT NULL DEFAULT 1,
  resource_search INTEGER NOT NULL DEFAULT 1,
  resource_type TEXT NOT NULL DEFAULT '428;-3;25;29;28;0;-2',
  nav_distribution INTEGER NOT NULL DEFAULT 0,
  switch_language INTEGER NOT NULL DEFAULT 1,
  has_greeting INTEGER NOT NULL DEFAULT 0,
  greeting TEXT,
  en_greeting TEXT,
  background_cover_id INTEGER REFERENCES files(id),
  pc_logo INTEGER REFERENCES files(id),
  mobile_logo INTEGER REFERENCES files(id),
  en_pc_logo INTEGER REFERENCES files(id),
  en_mobile_logo INTEGER REFERENCES files(id),
  custom_buttons TEXT NOT NULL DEFAULT '[]',
  css_content TEXT
);

CREATE TABLE footer_configs (
  site_id INTEGER PRIMARY KEY REFERENCES sites(id),
  toolbar_style INTEGER NOT NULL DEFAULT 1,
  show_logo INTEGER NOT NULL DEFAULT 1,
  qr_file_id INTEGER REFERENCES files(id),
  qr_message TEXT,
  en_qr_message TEXT,
  css_content TEXT,
  background_color TEXT,
  postcode TEXT,
  phone TEXT,
  email TEXT,
  fax TEXT,
  ch_logo INTEGER REFERENCES files(id),
  en_logo INTEGER REFERENCES files(id),
  ch_logo_name TEXT,
  en_logo_name TEXT,
  address TEXT,
  en_address TEXT,
  copyright TEXT,
  en_copyright TEXT,
  icp TEXT,
  picp TEXT,
  picp_link TEXT,
  link_address TEXT,
  show_visits INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE publications (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  name TEXT NOT NULL,
  en_name TEXT NOT NULL,
  abbreviation TEXT,
  issn TEXT,
  eissn TEXT,
  cn TEXT,
  sponsor TEXT,
  en_sponsor TEXT,
  publisher TEXT,
  en_publisher TEXT,
  editor_in_chief TEXT,
  en_editor_in_chief TEXT,
  frequency TEXT,
  en_frequency TEXT,
  founded_year INTEGER,
  cover_id INTEGER REFERENCES files(id),
  introduction TEXT,
  en_introduction TEXT,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX publications_site ON publications(site_id);

CREATE TABLE publication_configs (
  site_id INTEGER PRIMARY KEY REFERENCES sites(id),
  publication_id INTEGER REFERENCES publications(id),
  show_cover INTEGER NOT NULL DEFAULT 1,
  show_issn INTEGER NOT NULL DEFAULT 1,
  toc_page_size INTEGER NOT NULL DEFAULT 100
);

CREATE TABLE channels (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  parent_id INTEGER NOT NULL DEFAULT 0,
  code TEXT NOT NULL,
  name TEXT,
  en_name TEXT,
  enable TEXT NOT NULL DEFAULT '1',
  link_value TEXT,
  link_type TEXT,
  banner_id INTEGER REFERENCES files(id),
  route TEXT,
  news_data_type TEXT,
  style_id INTEGER,
  sort_order INTEGER NOT NULL DEFAULT 0,
  content TEXT,
  en_content TEXT
);
CREATE INDEX channels_site ON channels(site_id, parent_id, sort_order);

CREATE TABLE modules (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  channel_id INTEGER NOT NULL REFERENCES channels(id),
  type TEXT NOT NULL,
  name TEXT NOT NULL,
  en_name TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0,
  config TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX modules_channel ON modules(channel_id, sort_order);

CREATE TABLE basic_infos (
  site_id INTEGER PRIMARY KEY REFERENCES sites(id),
  indexed TEXT,
  group_type INTEGER NOT NULL DEFAULT 0,
  description TEXT,
  en_description TEXT
);

CREATE TABLE tools (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  type TEXT NOT NULL CHECK (type IN ('pop', 'platform', 'external')),
  platform_type TEXT,
  res_name TEXT NOT NULL,
  en_res_name TEXT NOT NULL,
  cover TEXT,
  link_value TEXT,
  link_value2 TEXT,
  link_type2 TEXT,
  cover_id INTEGER REFERENCES files(id),
  description TEXT,
  sort_order INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE subject_pools (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  name TEXT NOT NULL,
  en_name TEXT NOT NULL
);

CREATE TABLE site_groups (
  site_id INTEGER NOT NULL REFERENCES sites(id),
  member_site_id INTEGER NOT NULL REFERENCES sites(id),
  sort_order INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, member_site_id)
);

CREATE TABLE periods (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  publication_id INTEGER NOT NULL REFERENCES publications(id),
  year INTEGER NOT NULL,
  volume INTEGER NOT NULL,
  issue INTEGER NOT NULL,
  publish_date TEXT NOT NULL,
  cover_id INTEGER REFERENCES files(id),
  UNIQUE (publication_id, year, issue)
);
CREATE INDEX periods_site ON periods(site_id, year, issue);

CREATE TABLE columns (
  id INTEGER PRIMARY KEY,
  publication_id INTEGER NOT NULL REFERENCES publications(id),
  name TEXT NOT NULL,
  en_name TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE articles (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  publication_id INTEGER NOT NULL REFERENCES publications(id),
  period_id INTEGER REFERENCES periods(id),
  column_id INTEGER REFERENCES columns(id),
  doi TEXT,
  title TEXT NOT NULL,
  en_title TEXT,
  abstract TEXT,
  en_abstract TEXT,
  keywords TEXT,
  en_keywords TEXT,
  language TEXT NOT NULL DEFAULT 'zh',
  first_page INTEGER,
  last_page INTEGER,
  version INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('formal', 'online-first', 'just-accepted', 'draft')),
  open_access INTEGER NOT NULL DEFAULT 1,
  fund TEXT,
  en_fund TEXT,
  received_date TEXT,
  revised_date TEXT,
  published_date TEXT,
  views INTEGER NOT NULL DEFAULT 0,
  downloads INTEGER NOT NULL DEFAULT 0,
  citations INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX articles_period ON articles(period_id, column_id, sort_order);
CREATE INDEX articles_site_status ON articles(site_id, status, published_date);
CREATE INDEX articles_doi ON articles(doi);

CREATE TABLE institutions (
  id INTEGER PRIMARY KEY,
  article_id INTEGER NOT NULL REFERENCES articles(id),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  en_name TEXT
);
CREATE INDEX institutions_article ON institutions(article_id, position);

CREATE TABLE authors (
  id INTEGER PRIMARY KEY,
  article_id INTEGER NOT NULL REFERENCES articles(id),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  en_name TEXT,
  email TEXT,
  orcid TEXT,
  corresponding INTEGER NOT NULL DEFAULT 0,
  institution_positions TEXT NOT NULL DEFAULT '1'
);
CREATE INDEX authors_article ON authors(article_id, position);

CREATE TABLE article_references (
  id INTEGER PRIMARY KEY,
  article_id INTEGER NOT NULL REFERENCES articles(id),
  position INTEGER NOT NULL,
  text TEXT NOT NULL,
  doi TEXT
);
CREATE INDEX references_article ON article_references(article_id, position);

CREATE TABLE attachments (
  id INTEGER PRIMARY KEY,
  article_id INTEGER NOT NULL REFERENCES articles(id),
  attach_type TEXT NOT NULL DEFAULT 'pdf',
  file_id INTEGER REFERENCES files(id),
  UNIQUE (article_id, attach_type)
);

CREATE TABLE figures (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  article_id INTEGER NOT NULL REFERENCES articles(id),
  kind TEXT NOT NULL CHECK (kind IN ('picture', 'table')),
  position INTEGER NOT NULL,
  caption TEXT NOT NULL,
  en_caption TEXT,
  file_id INTEGER REFERENCES files(id),
  table_html TEXT
);
CREATE INDEX figures_article ON figures(article_id, position);

CREATE TABLE media (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  kind TEXT NOT NULL CHECK (kind IN ('video', 'audio', 'other')),
  title TEXT NOT NULL,
  en_title TEXT,
  description TEXT,
  en_description TEXT,
  cover_id INTEGER REFERENCES files(id),
  url TEXT,
  duration INTEGER,
  published_date TEXT NOT NULL
);

CREATE TABLE news (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  channel_id INTEGER REFERENCES channels(id),
  type TEXT NOT NULL CHECK (type IN ('information', 'announcement', 'dynamic', 'statement')),
  news_data_type TEXT NOT NULL DEFAULT 'news',
  original INTEGER NOT NULL DEFAULT 1,
  source_link TEXT,
  title TEXT NOT NULL,
  en_title TEXT,
  summary TEXT,
  en_summary TEXT,
  content TEXT,
  en_content TEXT,
  picture_id INTEGER REFERENCES files(id),
  top_picture_id INTEGER REFERENCES files(id),
  is_top INTEGER NOT NULL DEFAULT 0,
  views INTEGER NOT NULL DEFAULT 0,
  published_at TEXT NOT NULL
);
CREATE INDEX news_site ON news(site_id, type, published_at);

CREATE TABLE albums (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  channel_id INTEGER REFERENCES channels(id),
  name TEXT NOT NULL,
  en_name TEXT,
  description TEXT,
  en_description TEXT,
  cover_id INTEGER REFERENCES files(id),
  sort_order INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE album_items (
  album_id INTEGER NOT NULL REFERENCES albums(id),
  resource_type TEXT NOT NULL CHECK (resource_type IN ('article', 'picture', 'table', 'video', 'audio', 'publication')),
  resource_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (album_id, resource_type, resource_id)
);

CREATE TABLE editorial_topics (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  channel_id INTEGER REFERENCES channels(id),
  publication_id INTEGER REFERENCES publications(id),
  name TEXT NOT NULL,
  en_name TEXT NOT NULL
);

CREATE TABLE experts (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  topic_id INTEGER NOT NULL REFERENCES editorial_topics(id),
  name TEXT NOT NULL,
  en_name TEXT,
  role TEXT,
  en_role TEXT,
  institution TEXT,
  en_institution TEXT,
  introduction TEXT,
  en_introduction TEXT,
  photo_id INTEGER REFERENCES files(id),
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX experts_topic ON experts(topic_id, sort_order);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  user_name TEXT NOT NULL,
  email TEXT,
  mobile_no TEXT,
  password_hash TEXT NOT NULL,
  name TEXT,
  region TEXT,
  major TEXT,
  institution TEXT,
  research_field TEXT,
  gender TEXT CHECK (gender IN ('male', 'female')),
  head_picture_id INTEGER REFERENCES files(id),
  created_at TEXT NOT NULL,
  UNIQUE (site_id, user_name)
);

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  site_id INTEGER NOT NULL REFERENCES sites(id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

CREATE TABLE collects (
  user_id INTEGER NOT NULL REFERENCES users(id),
  site_id INTEGER NOT NULL REFERENCES sites(id),
  resource_type TEXT NOT NULL,
  resource_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, resource_type, resource_id)
);

CREATE TABLE member_downloads (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  site_id INTEGER NOT NULL REFERENCES sites(id),
  article_id INTEGER NOT NULL REFERENCES articles(id),
  created_at TEXT NOT NULL
);

CREATE TABLE personal_albums (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  site_id INTEGER NOT NULL REFERENCES sites(id),
  name TEXT NOT NULL,
  en_name TEXT,
  cover_id INTEGER REFERENCES files(id),
  created_at TEXT NOT NULL
);

CREATE TABLE personal_album_items (
  album_id INTEGER NOT NULL REFERENCES personal_albums(id),
  resource_type TEXT NOT NULL,
  resource_id INTEGER NOT NULL,
  PRIMARY KEY (album_id, resource_type, resource_id)
);

CREATE TABLE subscriptions (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  user_id INTEGER REFERENCES users(id),
  email TEXT NOT NULL,
  target TEXT NOT NULL DEFAULT 'all',
  verified INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  UNIQUE (site_id, email, target)
);

CREATE TABLE visit_counters (
  site_id INTEGER NOT NULL REFERENCES sites(id),
  day TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, day)
);

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  site_id INTEGER REFERENCES sites(id),
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient TEXT NOT NULL,
  subject TEXT,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
