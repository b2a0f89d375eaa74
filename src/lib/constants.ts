/** docs/product-rules.md#limits: business constants and limits, in one place. */

export const SEARCH_MAX_LENGTH = 150;
export const SEARCH_MAX_LENGTH_FIXED = 125;
export const SEARCH_RESULT_SIZE = 20;
/** the most results one search page may ask for (?size= above it is refused) */
export const SEARCH_MAX_PAGE_SIZE = 100;
/** articles or news items on one page of a list page (online first, just accepted, news) */
export const LIST_PAGE_SIZE = 20;
/** the API's list sizes when a call names none (rc-pub's): article lists, news lists */
export const API_ARTICLE_LIST_SIZE = 20;
export const API_NEWS_LIST_SIZE = 10;
/** the largest page any API list call serves (a larger size is refused with 400); the upstream source asks for no more */
export const API_MAX_PAGE_SIZE = 1000;
export const EXPERT_LIST_PAGE = 0;
export const EXPERT_LIST_SIZE = 10;
export const CUSTOM_BUTTONS_MAX = 3;

/** menu overflow: items past this cumulative width go to 'More' */
export const OVERFLOW_THRESHOLD = 650;
/** when the header is fixed the threshold is the window width minus this */
export const OVERFLOW_FIXED_MARGIN = 820;
/** the other reading (distributed / full menu style) */
export const OVERFLOW_DISTRIBUTED = 1100;
export const OVERFLOW_DISTRIBUTED_MARGIN = 180;

/** menu item total width: navStyle 2 (or 4 with distribution 0) */
export const MENU_TOTAL_WIDE = 1200;
/** menu item total width on the three named special sites */
export const MENU_TOTAL_SPECIAL = 1000;
/** the widest screen that gets the phone header (no menu bar; every item behind the menu button) */
export const PHONE_MAX_WIDTH = 768;

export const COOKIE_POLL_MS = 1000;
export const LANGUAGE_SWITCH_DELAY_MS = 500;
export const REQUEST_TIMEOUT_MS = 600_000;
/** docs/product-rules.md#api-errors: on 401 the toast stays 2000 ms and the login page opens about 1.1 s later. */
export const UNAUTHORIZED_TOAST_MS = 2000;
export const UNAUTHORIZED_REDIRECT_MS = 1100;
export const RELOAD_GUARD_MS = 60_000;

export const BACK_TO_TOP_AFTER = 300;
export const BACK_TO_TOP_DURATION_MS = 500;
export const BACK_TO_TOP_STEP_MS = 16.7;

export const BASKET_BADGE_MAX = 99;
/** floating button bottom offsets (px) */
export const TOOL_OFFSETS = { backToTop: 50, subscribe: 95, rss: 140 } as const;
/** custom tool links stack above the fixed ones */
export const TOOL_OFFSET_STEP = 45;

export const CITATION_DIALOG_WIDTH = 770;
export const MAX_SELECTIONS = 5;

/** browser storage keys (docs/product-rules.md#browser-storage) */
export const STORAGE_KEYS = {
  bannerActive: 'bannerActive',
  topBanner: 'topBanner',
  datanav: 'datanav',
  selectvalue: 'selectvalue',
  keywords: 'keywords',
  sld: 'sld',
  siteId: 'siteId',
  dsld: 'dsld',
  basicInfo: 'basicInfo',
  /** the basket's two lists: items and ready-made citation strings */
  basketItems: 'basketItems',
  basketCitations: 'basketCitations',
} as const;

export const USER_NAME_COOKIE = 'userName';
export const TOKEN_COOKIE = 'commonToken';

/** how long a toast stays (the 401 toast has its own, UNAUTHORIZED_TOAST_MS) */
export const TOAST_MS = 3000;
/** the loading indicator shows only for calls that run longer than this */
export const LOADING_DELAY_MS = 300;

/** docs/product-rules.md#account-rules: passwords are 8 to 20 characters; a change is suggested every 3 months. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const PASSWORD_REMIND_MONTHS = 3;
/** docs/product-rules.md#uploads: the profile photo is under 5 MB, an album cover at most 3 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024 - 1;
export const ALBUM_COVER_MAX_BYTES = 3 * 1024 * 1024;
/** the largest picture a member may upload, in pixels a side and in all (a 50-megapixel phone photo passes) */
export const IMAGE_MAX_SIDE = 12_000;
export const IMAGE_MAX_PIXELS = 60_000_000;
/** a site's header logo, in pixels a side: the header shows it at most a few hundred pixels wide, and every visitor downloads it */
export const LOGO_MAX_SIDE = 2_000;
/** what one member's uploads (profile photo and album covers) may take in all */
export const MEMBER_UPLOAD_QUOTA_BYTES = 30 * 1024 * 1024;
/** uploads, and albums created, per member an hour */
export const UPLOADS_PER_HOUR = 30;
export const ALBUMS_PER_HOUR = 20;
/** how long a login lasts */
export const SESSION_DAYS = 7;
/** failed password logins of one account (in LOGIN_WINDOW_MS) before the captcha is required */
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** attempts in LOGIN_WINDOW_MS: per account, and per client address */
export const LOGIN_ACCOUNT_LIMIT = 10;
export const LOGIN_IP_LIMIT = 30;
/** registrations per client address an hour */
export const REGISTER_IP_LIMIT = 10;
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** a third-party provider's name in OAUTH_PROVIDERS and in URLs: lower-case letters, digits, '-' */
export const PROVIDER_NAME = /^[a-z0-9-]{1,32}$/;
/** how long a third-party login may take at the provider (its state), and how long a bind ticket lives */
export const THIRD_LOGIN_STATE_TTL_MS = 10 * 60 * 1000;
export const BIND_TICKET_TTL_MS = 10 * 60 * 1000;
/** docs/product-rules.md#book-cloud: the site setting whose value 'true' shows the book-cloud entry */
export const BOOK_CLOUD_CONFIG = 'BOOK_CLOUD_CHECK';
/** the book-cloud jump token lives this long */
export const BOOK_JUMP_TTL_MS = 60 * 1000;
/** verification codes (mail and SMS): digits, lifetime, wrong guesses allowed per code */
export const VERIFICATION_CODE_DIGITS = 6;
export const VERIFICATION_CODE_TTL_MS = 10 * 60_000;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
/** codes sent per address (whatever the purpose and site), and per client IP, in one window */
export const VERIFICATION_CODE_WINDOW_MS = 60 * 60_000;
export const VERIFICATION_CODES_PER_ADDRESS = 5;
export const VERIFICATION_CODES_PER_IP = 20;
/** codes sent to one address in a day, whatever the purpose and site */
export const VERIFICATION_CODE_DAY_MS = 24 * 60 * 60_000;
export const VERIFICATION_CODES_PER_ADDRESS_DAY = 10;
/** changeMobile tries of one member in LOGIN_WINDOW_MS */
export const CHANGE_MOBILE_LIMIT = 10;
/** the cookie naming a visitor for the article view count (one view per visitor, article and day) */
export const VISITOR_COOKIE = 'visitorId';
/** how long the visitor cookie lives */
export const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** docs/product-rules.md#rankings-and-statistics, ranking periods: months back from today, or every day counted ('all') */
export const RANKING_PERIODS = { '3m': 3, '6m': 6, '1y': 12, '2y': 24, '3y': 36, all: null } as const;
/** what a ranking orders by: views, downloads or citations */
export const RANKING_KINDS = ['read', 'download', 'cite'] as const;
/** articles in a ranking unless the caller asks for fewer or more (at most RANKING_MAX_SIZE) */
export const RANKING_SIZE = 10;
export const RANKING_MAX_SIZE = 50;
/** articles in each of an article page's relation lists (the same author, fund, institution, related by content) */
export const RELATED_LIST_SIZE = 5;
/** citing articles an article page lists (all of them are counted) */
export const CITED_BY_LIST_SIZE = 20;
/** the period the home's most-read module and the ranking page start with */
export const DEFAULT_RANKING_PERIOD = '1y';

/** Per-field limits of an import file (docs/import-format.md). */
export const IMPORT_TITLE_MAX_CHARS = 1000;
export const IMPORT_TEXT_MAX_CHARS = 2000;
export const IMPORT_HTML_MAX_BYTES = 100 * 1024;
export const IMPORT_LIST_MAX_ITEMS = 1000;
/** an article's PDF or one supplementary file named by an import (a long article with figures fits) */
export const IMPORT_FILE_MAX_BYTES = 100 * 1024 * 1024;
/** supplementary files of one article */
export const IMPORT_SUPPLEMENTS_MAX = 50;
/** a zip archive of an import: what its entries may unpack to in all, and how many there may be (a zip bomb stops here) */
export const IMPORT_ZIP_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const IMPORT_ZIP_MAX_ENTRIES = 10_000;
/** the years an issue, or a journal's founding, may carry: in imports and in the console */
export const PUBLICATION_YEAR_MIN = 1800;
export const PUBLICATION_YEAR_MAX = 2100;
