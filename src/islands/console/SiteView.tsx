/** One site in the console: its sections (publishing status, audit log, menus) side by side with their content. */
import { useState } from 'react';
import { AuditLog } from './AuditLog.tsx';
import { adminTexts } from './admin-texts.ts';
import { ArticlesPanel } from './content/ArticlesPanel.tsx';
import { contentTexts } from './content/content-texts.ts';
import { ImportPanel } from './content/ImportPanel.tsx';
import { IssuesPanel } from './content/IssuesPanel.tsx';
import { NewsPanel } from './content/NewsPanel.tsx';
import { MenuEditor } from './menus/MenuEditor.tsx';
import type { MenuEditorTexts } from './menus/types.ts';
import { PublishingStatus } from './PublishingStatus.tsx';
import { SiteSettings } from './settings/SiteSettings.tsx';
import type { ConsoleProps, SiteEntry } from './types.ts';

type Section = 'publishing' | 'audit' | 'menus' | 'settings' | 'import' | 'articles' | 'issues' | 'news';

export function SiteView({
  lang,
  texts,
  menuTexts,
  site,
  onBack,
}: ConsoleProps & { menuTexts: MenuEditorTexts; site: SiteEntry; onBack: () => void }) {
  const [section, setSection] = useState<Section>('publishing');
  const sections: [Section, string][] = [
    ['publishing', texts.sectionPublishing],
    ['audit', texts.sectionAudit],
    ['menus', texts.sectionMenus],
    ['settings', adminTexts(lang).sectionSettings],
    ['import', contentTexts(lang).sectionImport],
    ['articles', contentTexts(lang).sectionArticles],
    ['issues', contentTexts(lang).sectionIssues],
    ['news', contentTexts(lang).sectionNews],
  ];
  return (
    <div className="console-site">
      <nav aria-label={texts.siteNav} className="console-site-nav">
        <button type="button" className="console-link" onClick={onBack}>
          {texts.backToSites}
        </button>
        <ul>
          {sections.map(([key, label]) => (
            <li key={key}>
              <button
                type="button"
                className="console-link"
                aria-current={section === key ? 'page' : undefined}
                onClick={() => setSection(key)}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="console-site-body">
        <h1>
          {lang === 'zh' ? site.name : site.enName || site.name} <span className="console-sld">({site.sld})</span>
        </h1>
        {section === 'publishing' ? <PublishingStatus lang={lang} texts={texts} sld={site.sld} /> : null}
        {section === 'audit' ? <AuditLog lang={lang} texts={texts} sld={site.sld} /> : null}
        {section === 'settings' ? <SiteSettings lang={lang} texts={texts} sld={site.sld} /> : null}
        {section === 'import' ? <ImportPanel lang={lang} sld={site.sld} /> : null}
        {section === 'articles' ? <ArticlesPanel lang={lang} sld={site.sld} /> : null}
        {section === 'issues' ? <IssuesPanel lang={lang} sld={site.sld} /> : null}
        {section === 'news' ? <NewsPanel lang={lang} sld={site.sld} /> : null}
        {section === 'menus' ? <MenuEditor lang={lang} texts={menuTexts} sld={site.sld} /> : null}
      </div>
    </div>
  );
}
