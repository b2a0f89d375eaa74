/**
 * Tables and columns as the Kysely queries see them. Only what those queries use is listed; a
 * query that moves to Kysely adds its columns here. Types are what both engines return after the
 * adapter (integers as numbers, text as strings, blobs as bytes).
 */
import type { Generated } from 'kysely';

type Id = Generated<number>;

export type Database = {
  files: { id: Id; site_id: number | null; name: string; content_type: string; data: Uint8Array; etag: string; created_at: string };
  sites: {
    id: Id;
    sld: string;
    domain: string | null;
    name: string;
    en_name: string;
    template_id: number;
    type: string;
    colour: number;
    colour1: string | null;
    colour2: string | null;
    colour3: string | null;
    gray_type: number;
    umt_flag: number;
    logo1: number | null;
    picture_url: string | null;
    keywords: string | null;
    en_keywords: string | null;
    status: string;
  };
  site_groups: { site_id: number; member_site_id: number; sort_order: number };
  channels: {
    id: Id;
    site_id: number;
    parent_id: number;
    code: string;
    name: string | null;
    en_name: string | null;
    enable: string;
    sort_order: number;
    route: string | null;
    link_value: string | null;
  };
  periods: { id: Id; site_id: number; year: number; issue: number };
  articles: { id: Id; site_id: number; title: string; en_title: string | null; status: string; downloads: number };
  attachments: { id: Id; article_id: number; attach_type: string; file_id: number | null };
  publications: { id: Id; site_id: number; name: string; en_name: string; sort_order: number };
  figures: { id: Id; site_id: number; kind: string; caption: string; en_caption: string | null };
  media: { id: Id; site_id: number; kind: string; title: string; en_title: string | null };
  news: { id: Id; site_id: number; title: string; en_title: string | null };
  users: {
    id: Id;
    site_id: number;
    user_name: string;
    name: string | null;
    email: string | null;
    mobile_no: string | null;
    region: string | null;
    major: string | null;
    institution: string | null;
    research_field: string | null;
    gender: string | null;
    head_picture_id: number | null;
    created_at: string;
  };
  sessions: { token_hash: string; user_id: number; site_id: number; created_at: string; expires_at: string };
  collects: { user_id: number; site_id: number; resource_type: string; resource_id: number; created_at: string };
};
