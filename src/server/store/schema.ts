/**
 * Tables and columns as Kysely sees them, written by `npm run store-schema` from the SQLite
 * migrations (src/server/store/schema-text.ts); do not edit by hand. Generated: a column the
 * database fills in (a rowid key or a DEFAULT) may be left out of an insert.
 */
import type { Generated } from 'kysely';

export type Database = {
  album_items: {
    album_id: number;
    resource_type: string;
    resource_id: number;
    position: number;
  };
  albums: {
    id: Generated<number>;
    site_id: number;
    channel_id: number | null;
    name: string;
    en_name: string | null;
    description: string | null;
    en_description: string | null;
    cover_id: number | null;
    sort_order: Generated<number>;
    import_key: string | null;
  };
  article_daily_counts: {
    article_id: number;
    site_id: number;
    day: string;
    views: Generated<number>;
    downloads: Generated<number>;
  };
  article_former_dois: {
    id: Generated<number>;
    site_id: number;
    doi: string;
    article_id: number;
    changed_at: string;
  };
  article_fulltexts: {
    article_id: number;
    position: number;
    body_html: string;
    toc: string;
    footnotes_html: string | null;
    acknowledgements_html: string | null;
    funding_html: string | null;
  };
  article_period_count_days: {
    site_id: Generated<number>;
    day: string;
  };
  article_period_counts: {
    article_id: number;
    period: string;
    site_id: number;
    views: Generated<number>;
    downloads: Generated<number>;
  };
  article_references: {
    id: Generated<number>;
    article_id: number;
    position: number;
    text: string;
    doi: string | null;
    anchor: string | null;
    authors: string | null;
    title: string | null;
    source: string | null;
    year: string | null;
    volume: string | null;
    pages: string | null;
  };
  article_relation_keys: {
    kind: string;
    relation_key: string;
    site_id: number;
    article_id: number;
  };
  article_supplements: {
    article_id: number;
    position: number;
    file_id: number;
    file_name: string;
    label: string | null;
    en_label: string | null;
  };
  article_view_marks: {
    article_id: number;
    day: string;
    visitor: string;
  };
  articles: {
    id: Generated<number>;
    site_id: number;
    publication_id: number;
    period_id: number | null;
    column_id: number | null;
    doi: string | null;
    title: string;
    en_title: string | null;
    abstract: string | null;
    en_abstract: string | null;
    keywords: string | null;
    en_keywords: string | null;
    language: Generated<string>;
    first_page: number | null;
    last_page: number | null;
    version: Generated<number>;
    status: string;
    open_access: Generated<number>;
    fund: string | null;
    en_fund: string | null;
    received_date: string | null;
    revised_date: string | null;
    published_date: string | null;
    views: Generated<number>;
    downloads: Generated<number>;
    citations: Generated<number>;
    updated_at: string;
    sort_order: Generated<number>;
    notice_kind: string | null;
    notice_date: string | null;
    notice_reason: string | null;
    notice_doi: string | null;
    publish_at: Generated<string>;
    removed_at: string | null;
    removed_reason: string | null;
    pdf_file_id: number | null;
    cited_by: Generated<number>;
  };
  attachments: {
    id: Generated<number>;
    article_id: number;
    attach_type: Generated<string>;
    file_id: number | null;
  };
  audit_log: {
    id: Generated<number>;
    site_id: number | null;
    actor: string;
    action: string;
    target: string | null;
    before_json: string | null;
    after_json: string | null;
    created_at: string;
  };
  authors: {
    id: Generated<number>;
    article_id: number;
    position: number;
    name: string;
    en_name: string | null;
    email: string | null;
    orcid: string | null;
    corresponding: Generated<number>;
    institution_positions: Generated<string>;
  };
  basic_infos: {
    site_id: Generated<number>;
    indexed: string | null;
    group_type: Generated<number>;
    description: string | null;
    en_description: string | null;
  };
  bind_tickets: {
    ticket_hash: string;
    site_id: number;
    provider: string;
    subject: string;
    expires_at: string;
  };
  captchas: {
    id: string;
    site_id: number;
    answer_hash: string;
    expires_at: string;
  };
  channels: {
    id: Generated<number>;
    site_id: number;
    parent_id: Generated<number>;
    code: string;
    name: string | null;
    en_name: string | null;
    enable: Generated<string>;
    link_value: string | null;
    link_type: string | null;
    banner_id: number | null;
    route: string | null;
    news_data_type: string | null;
    style_id: number | null;
    sort_order: Generated<number>;
    content: string | null;
    en_content: string | null;
  };
  collects: {
    user_id: number;
    site_id: number;
    resource_type: string;
    resource_id: number;
    created_at: string;
  };
  columns: {
    id: Generated<number>;
    publication_id: number;
    name: string;
    en_name: string;
    sort_order: Generated<number>;
  };
  content_changes: {
    id: Generated<number>;
    site_id: number;
    kind: string;
    action: string;
    entity_ids: string;
    created_at: string;
    origin: string;
  };
  content_versions: {
    id: Generated<number>;
    site_id: number;
    entity: string;
    entity_id: number;
    changed_at: string;
    changed_by: string;
    changes: string;
  };
  editorial_topics: {
    id: Generated<number>;
    site_id: number;
    channel_id: number | null;
    publication_id: number | null;
    name: string;
    en_name: string;
  };
  experts: {
    id: Generated<number>;
    site_id: number;
    topic_id: number;
    name: string;
    en_name: string | null;
    role: string | null;
    en_role: string | null;
    institution: string | null;
    en_institution: string | null;
    introduction: string | null;
    en_introduction: string | null;
    photo_id: number | null;
    sort_order: Generated<number>;
  };
  figures: {
    id: Generated<number>;
    site_id: number;
    article_id: number;
    kind: string;
    position: number;
    caption: string;
    en_caption: string | null;
    file_id: number | null;
    table_html: string | null;
  };
  files: {
    id: Generated<number>;
    site_id: number | null;
    name: string;
    content_type: string;
    data: Uint8Array;
    etag: string;
    created_at: string;
    owner_id: number | null;
    access_key: string | null;
    byte_size: number | null;
    sha256: string | null;
  };
  footer_configs: {
    site_id: Generated<number>;
    toolbar_style: Generated<number>;
    show_logo: Generated<number>;
    qr_file_id: number | null;
    qr_message: string | null;
    en_qr_message: string | null;
    css_content: string | null;
    background_color: string | null;
    postcode: string | null;
    phone: string | null;
    email: string | null;
    fax: string | null;
    ch_logo: number | null;
    en_logo: number | null;
    ch_logo_name: string | null;
    en_logo_name: string | null;
    address: string | null;
    en_address: string | null;
    copyright: string | null;
    en_copyright: string | null;
    icp: string | null;
    picp: string | null;
    picp_link: string | null;
    link_address: string | null;
    show_visits: Generated<number>;
  };
  header_configs: {
    site_id: Generated<number>;
    nav_style: Generated<number>;
    is_ceiling: Generated<number>;
    has_login_and_register: Generated<number>;
    group_entrance: Generated<number>;
    search_box: Generated<number>;
    adv_search: Generated<number>;
    resource_search: Generated<number>;
    resource_type: Generated<string>;
    nav_distribution: Generated<number>;
    switch_language: Generated<number>;
    has_greeting: Generated<number>;
    greeting: string | null;
    en_greeting: string | null;
    background_cover_id: number | null;
    pc_logo: number | null;
    mobile_logo: number | null;
    en_pc_logo: number | null;
    en_mobile_logo: number | null;
    custom_buttons: Generated<string>;
    css_content: string | null;
    has_logo: Generated<number>;
    logo_id: number | null;
    has_nav_bg: Generated<number>;
    nav_bg_id: number | null;
  };
  institutions: {
    id: Generated<number>;
    article_id: number;
    position: number;
    name: string;
    en_name: string | null;
  };
  job_runs: {
    job: string;
    through: string;
    state: string | null;
    owner: string;
    ran_at: string;
  };
  media: {
    id: Generated<number>;
    site_id: number;
    kind: string;
    title: string;
    en_title: string | null;
    description: string | null;
    en_description: string | null;
    cover_id: number | null;
    url: string | null;
    duration: number | null;
    published_date: string;
    article_id: number | null;
    import_key: string | null;
  };
  member_downloads: {
    id: Generated<number>;
    user_id: number;
    site_id: number;
    article_id: number;
    created_at: string;
  };
  member_histories: {
    user_id: number;
    site_id: number;
    resource_type: string;
    resource_id: number;
    viewed_at: string;
  };
  member_identities: {
    site_id: number;
    provider: string;
    subject: string;
    user_id: number;
    created_at: string;
  };
  modules: {
    id: Generated<number>;
    site_id: number;
    channel_id: number;
    type: string;
    name: string;
    en_name: string;
    sort_order: Generated<number>;
    config: Generated<string>;
  };
  news: {
    id: Generated<number>;
    site_id: number;
    channel_id: number | null;
    type: string;
    news_data_type: Generated<string>;
    original: Generated<number>;
    source_link: string | null;
    title: string;
    en_title: string | null;
    summary: string | null;
    en_summary: string | null;
    content: string | null;
    en_content: string | null;
    picture_id: number | null;
    top_picture_id: number | null;
    is_top: Generated<number>;
    views: Generated<number>;
    published_at: string;
    import_key: string | null;
    publish_at: Generated<string>;
    draft: Generated<number>;
  };
  oauth_states: {
    state_hash: string;
    site_id: number;
    provider: string;
    code_verifier: string;
    nonce: string;
    lang: string;
    expires_at: string;
  };
  outbox: {
    id: Generated<number>;
    site_id: number | null;
    channel: string;
    recipient: string;
    subject: string | null;
    body: string;
    created_at: string;
    body_html: string | null;
  };
  page_article_links: {
    article_id: number;
    site_id: number;
    route: string;
  };
  pass_history: {
    id: Generated<number>;
    site_id: number;
    kind: string;
    ok: number;
    started_at: string;
    finished_at: string;
    duration_ms: number | null;
    pages_json: string;
    failed_json: string;
    error: string | null;
    steps_json: string | null;
    causes_json: string | null;
  };
  periods: {
    id: Generated<number>;
    site_id: number;
    publication_id: number;
    year: number;
    volume: number;
    issue: number;
    publish_date: string;
    cover_id: number | null;
    publish_at: Generated<string>;
  };
  personal_album_items: {
    album_id: number;
    resource_type: string;
    resource_id: number;
  };
  personal_albums: {
    id: Generated<number>;
    user_id: number;
    site_id: number;
    name: string;
    en_name: string | null;
    cover_id: number | null;
    created_at: string;
  };
  publication_configs: {
    site_id: Generated<number>;
    publication_id: number | null;
    show_cover: Generated<number>;
    show_issn: Generated<number>;
    toc_page_size: Generated<number>;
  };
  publications: {
    id: Generated<number>;
    site_id: number;
    name: string;
    en_name: string;
    abbreviation: string | null;
    issn: string | null;
    eissn: string | null;
    cn: string | null;
    sponsor: string | null;
    en_sponsor: string | null;
    publisher: string | null;
    en_publisher: string | null;
    editor_in_chief: string | null;
    en_editor_in_chief: string | null;
    frequency: string | null;
    en_frequency: string | null;
    founded_year: number | null;
    cover_id: number | null;
    introduction: string | null;
    en_introduction: string | null;
    sort_order: Generated<number>;
  };
  rate_limits: {
    key: string;
    window_start: string;
    count: Generated<number>;
  };
  render_leases: {
    sld: string;
    owner: string | null;
    expires_at: string;
    rendered_change_id: Generated<number>;
    whole_site: Generated<number>;
  };
  search_docs: {
    id: Generated<number>;
    kind: string;
    ref_id: number;
    site_id: number;
    publication_id: number | null;
    column_id: number | null;
    year: number | null;
    published_date: string | null;
    online_first: Generated<number>;
    open_access: Generated<number>;
    issue: number | null;
    first_page: number | null;
    last_page: number | null;
    views: Generated<number>;
    downloads: Generated<number>;
    citations: Generated<number>;
    updated_at: string | null;
    publish_at: Generated<string>;
  };
  search_facets: {
    doc_id: number;
    facet: string;
    value: string;
    en_value: string | null;
  };
  search_versions: {
    site_id: Generated<number>;
    version: number;
  };
  sessions: {
    token_hash: string;
    user_id: number;
    site_id: number;
    created_at: string;
    expires_at: string;
  };
  site_configs: {
    site_id: number;
    name: string;
    value: string;
  };
  site_groups: {
    site_id: number;
    member_site_id: number;
    sort_order: Generated<number>;
  };
  site_tokens: {
    id: Generated<number>;
    site_id: number;
    token_hash: string;
    label: string;
    created_by: string;
    created_at: string;
    revoked_at: string | null;
  };
  site_visit_marks: {
    site_id: number;
    day: string;
    visitor: string;
  };
  sites: {
    id: Generated<number>;
    sld: string;
    domain: string | null;
    name: string;
    en_name: string;
    template_id: Generated<number>;
    type: string;
    colour: Generated<number>;
    colour1: string | null;
    colour2: string | null;
    colour3: string | null;
    gray_type: Generated<number>;
    umt_flag: Generated<number>;
    logo1: number | null;
    picture_url: string | null;
    keywords: string | null;
    en_keywords: string | null;
    status: Generated<string>;
    created_at: string;
  };
  staff: {
    id: Generated<number>;
    email: string;
    password_hash: string;
    role: string;
    created_at: string;
    disabled_at: string | null;
    must_change_password: Generated<number>;
  };
  staff_sessions: {
    token_hash: string;
    staff_id: number;
    created_at: string;
    expires_at: string;
  };
  staff_sites: {
    staff_id: number;
    site_id: number;
  };
  subject_pools: {
    id: Generated<number>;
    site_id: number;
    name: string;
    en_name: string;
  };
  subscription_events: {
    id: Generated<number>;
    site_id: number;
    kind: string;
    ref_id: number;
    created_at: string;
    sent_at: string | null;
  };
  subscriptions: {
    id: Generated<number>;
    site_id: number;
    user_id: number | null;
    email: string;
    target: Generated<string>;
    verified: Generated<number>;
    created_at: string;
    lang: Generated<string>;
    confirm_hash: string | null;
    unsubscribe_token: string | null;
    confirmed_at: string | null;
  };
  tools: {
    id: Generated<number>;
    site_id: number;
    type: string;
    platform_type: string | null;
    res_name: string;
    en_res_name: string;
    cover: string | null;
    link_value: string | null;
    link_value2: string | null;
    link_type2: string | null;
    cover_id: number | null;
    description: string | null;
    sort_order: Generated<number>;
    bounce_picture_id: number | null;
    en_description: string | null;
    index_id: number | null;
  };
  users: {
    id: Generated<number>;
    site_id: number;
    user_name: string;
    email: string | null;
    mobile_no: string | null;
    password_hash: string;
    name: string | null;
    region: string | null;
    major: string | null;
    institution: string | null;
    research_field: string | null;
    gender: string | null;
    head_picture_id: number | null;
    created_at: string;
    password_changed_at: string | null;
    verified_email: string | null;
  };
  verification_codes: {
    id: Generated<number>;
    purpose: string;
    address: string;
    code_hash: string;
    attempts: Generated<number>;
    expires_at: string;
    used_at: string | null;
    created_at: string;
  };
  visit_counters: {
    site_id: number;
    day: string;
    count: Generated<number>;
  };
};
