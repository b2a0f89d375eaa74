/** A site's settings as GET/PUT /_admin/sites/{sld}/settings carry them (one type: src/lib/console-answers.ts). */
import type { SettingsButton, SiteSettings } from '../../../lib/console-answers.ts';

export type CustomButton = SettingsButton;
export type HeaderSettings = SiteSettings['header'];

export const FOOTER_LINES = [
  'address',
  'enAddress',
  'postcode',
  'phone',
  'email',
  'fax',
  'copyright',
  'enCopyright',
  'icp',
  'picp',
  'picpLink',
] as const;

export type FooterSettings = SiteSettings['footer'];

export type Settings = SiteSettings;
