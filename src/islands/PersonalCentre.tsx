/**
 * The personal centre (docs/product-rules.md#personal-centre): favourites (by type), downloads, own albums (each
 * opening to its thesis, picture, table and experts tabs), personal information, account security,
 * e-mail subscriptions and browsing history, one tab at a time, each loaded when opened.
 */
import { useState } from 'react';
import type { Dictionary } from '../i18n/index.ts';
import type { AccountProblem } from '../lib/account-rules.ts';
import { apiPaths } from '../lib/api-paths.ts';
import type { Lang } from '../lib/lang.ts';
import type { UploadProblem } from '../lib/upload-rules.ts';
import { PersonalSubscriptions, type SubscriptionMessages } from './PersonalSubscriptions.tsx';
import { Albums } from './personal/Albums.tsx';
import { Collects } from './personal/Collects.tsx';
import { InfoForm } from './personal/InfoForm.tsx';
import { Rows } from './personal/Rows.tsx';
import { Security } from './personal/Security.tsx';
import type { Titled } from './personal/types.ts';
import { reactIsland } from './react-island.ts';
import { browserApi } from './state/api.ts';

type Tab = 'collect' | 'download' | 'album' | 'info' | 'account' | 'subscribe' | 'history';
const TABS: Tab[] = ['collect', 'download', 'album', 'info', 'account', 'subscribe', 'history'];

type Props = {
  siteId: number;
  lang: Lang;
  labels: Dictionary['account'];
  /** the names of resource types, for the favourites' and an album's tabs */
  typeLabels: Dictionary['pages']['resourceTypes'];
  problems: Record<AccountProblem, string>;
  /** The messages (docs/product-rules.md#uploads) for a picture of the wrong type or size, shown before anything is sent */
  uploadMessages: Record<UploadProblem, string>;
  saved: string;
  subscriptionMessages: SubscriptionMessages;
  loginHref: string;
  /** false where the site sends no SMS codes (production without a sender): a new mobile number cannot be proven */
  smsCodes: boolean;
};

const tabLabel = (labels: Props['labels'], tab: Tab) =>
  ({
    collect: labels.tabCollect,
    download: labels.tabDownload,
    album: labels.tabAlbum,
    info: labels.tabInfo,
    account: labels.tabAccount,
    subscribe: labels.tabSubscribe,
    history: labels.tabHistory,
  })[tab];

function PersonalCentre({
  siteId,
  lang,
  labels,
  typeLabels,
  problems,
  uploadMessages,
  saved,
  subscriptionMessages,
  loginHref,
  smsCodes,
}: Props) {
  const api = browserApi(siteId);
  const [tab, setTab] = useState<Tab>('collect');
  const titleOf = (row: Titled) => (lang === 'en' ? row.enTitle || row.title : row.title || row.enTitle) ?? '';
  const kept = { api, labels, typeLabels, lang, titleOf, uploadMessages };
  return (
    <div className="personal-centre">
      <div role="tablist" aria-orientation="vertical">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls="personal-panel"
            onClick={() => setTab(name)}
          >
            {tabLabel(labels, name)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="personal-panel" aria-labelledby={`tab-${tab}`}>
        <h2>{tabLabel(labels, tab)}</h2>
        {tab === 'collect' && <Collects {...kept} />}
        {tab === 'download' && (
          <Rows
            api={api}
            path={apiPaths.memberDownloads}
            labels={labels}
            render={(row: Titled & { articleId: number; createdAt: string }) => [String(row.articleId), titleOf(row)]}
          />
        )}
        {tab === 'history' && (
          <Rows
            api={api}
            path={apiPaths.memberHistorys}
            labels={labels}
            render={(row: Titled & { resourceType: string; resourceId: number }) => [
              `${row.resourceType}-${row.resourceId}`,
              titleOf(row),
            ]}
          />
        )}
        {tab === 'album' && <Albums {...kept} />}
        {tab === 'info' && <InfoForm api={api} labels={labels} saved={saved} uploadMessages={uploadMessages} />}
        {tab === 'account' && (
          <Security api={api} labels={labels} problems={problems} loginHref={loginHref} smsCodes={smsCodes} />
        )}
        {tab === 'subscribe' && <PersonalSubscriptions api={api} labels={labels} messages={subscriptionMessages} />}
      </div>
    </div>
  );
}

export default reactIsland(PersonalCentre);
