/**
 * The personal centre (docs/product-rules.md#personal-centre): favourites (by type), downloads, own albums (each
 * opening to its thesis, picture, table and experts tabs), personal information, account security,
 * e-mail subscriptions and browsing history, one tab at a time, each loaded when opened.
 */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { Dictionary } from '../i18n/index.ts';
import { type AccountProblem, newPasswordProblem, phoneProblem } from '../lib/account-rules.ts';
import { apiPaths } from '../lib/api-paths.ts';
import type { Lang } from '../lib/lang.ts';
import type { MemberInfo } from '../lib/member-info.ts';
import { ALBUM_TABS, COLLECT_TABS } from '../lib/member-resources.ts';
import { resourcePath } from '../lib/routes.ts';
import { acceptOf, type UploadKind, type UploadProblem, uploadProblem } from '../lib/upload-rules.ts';
import { PersonalSubscriptions, type SubscriptionMessages } from './PersonalSubscriptions.tsx';
import { reactIsland } from './react-island.ts';
import { browserApi } from './state/api.ts';
import { clearLogin } from './state/login.ts';
import { showToast } from './state/toast.ts';

type Tab = 'collect' | 'download' | 'album' | 'info' | 'account' | 'subscribe' | 'history';
const TABS: Tab[] = ['collect', 'download', 'album', 'info', 'account', 'subscribe', 'history'];

type Props = {
  siteId: number;
  lang: Lang;
  labels: Dictionary['account'];
  /** the names of resource types, for the favourites' and an album's tabs */
  typeLabels: Dictionary['pages']['resourceTypes'];
  problems: Record<AccountProblem, string>;
  /** the messages for a picture (docs/product-rules.md#uploads) of the wrong type or size, shown before anything is sent */
  uploadMessages: Record<UploadProblem, string>;
  saved: string;
  subscriptionMessages: SubscriptionMessages;
  loginHref: string;
  /** false where the site sends no SMS codes (production without a sender): a new mobile number cannot be proven */
  smsCodes: boolean;
};

type Titled = { title: string | null; enTitle: string | null };
type Paged<T> = { content: T[]; total: number };
type Info = MemberInfo;
type Album = { id: number; name: string; enName: string | null; coverUrl: string | null; items: number };

const tabLabel = (labels: Props['labels'], tab: Tab) =>
  ({ collect: labels.tabCollect, download: labels.tabDownload, album: labels.tabAlbum, info: labels.tabInfo, account: labels.tabAccount, subscribe: labels.tabSubscribe, history: labels.tabHistory })[tab];

function PersonalCentre({ siteId, lang, labels, typeLabels, problems, uploadMessages, saved, subscriptionMessages, loginHref, smsCodes }: Props) {
  const api = browserApi(siteId);
  const [tab, setTab] = useState<Tab>('collect');
  const titleOf = (row: Titled) => (lang === 'en' ? row.enTitle || row.title : row.title || row.enTitle) ?? '';
  const kept = { api, labels, typeLabels, lang, titleOf, uploadMessages };
  return (
    <div className="personal-centre">
      <div role="tablist" aria-orientation="vertical">
        {TABS.map((name) => (
          <button key={name} type="button" role="tab" id={`tab-${name}`} aria-selected={tab === name} aria-controls="personal-panel" onClick={() => setTab(name)}>
            {tabLabel(labels, name)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="personal-panel" aria-labelledby={`tab-${tab}`}>
        <h2>{tabLabel(labels, tab)}</h2>
        {tab === 'collect' && <Collects {...kept} />}
        {tab === 'download' && <Rows api={api} path={apiPaths.memberDownloads} labels={labels} render={(row: Titled & { articleId: number; createdAt: string }) => [String(row.articleId), titleOf(row)]} />}
        {tab === 'history' && <Rows api={api} path={apiPaths.memberHistorys} labels={labels} render={(row: Titled & { resourceType: string; resourceId: number }) => [`${row.resourceType}-${row.resourceId}`, titleOf(row)]} />}
        {tab === 'album' && <Albums {...kept} />}
        {tab === 'info' && <InfoForm api={api} labels={labels} saved={saved} uploadMessages={uploadMessages} />}
        {tab === 'account' && <Security api={api} labels={labels} problems={problems} loginHref={loginHref} smsCodes={smsCodes} />}
        {tab === 'subscribe' && <PersonalSubscriptions api={api} labels={labels} messages={subscriptionMessages} />}
      </div>
    </div>
  );
}

type Api = ReturnType<typeof browserApi>;

/** False (after saying why) when the form's file would be refused: the check runs before the upload, not after it. */
function uploadAllowed(form: HTMLFormElement, field: string, kind: UploadKind, messages: Record<UploadProblem, string>): boolean {
  const file = new FormData(form).get(field);
  if (!(file instanceof File) || file.size === 0) return true;
  const problem = uploadProblem(kind, file);
  if (problem) showToast(messages[problem], 'error');
  return problem === null;
}

function useLoad<T>(load: () => Promise<T>): [T | null, () => void] {
  const [value, setValue] = useState<T | null>(null);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads on request only
  useEffect(() => {
    load().then(setValue, () => {});
  }, [round]);
  return [value, useCallback(() => setRound((r) => r + 1), [])];
}

function Rows<T>({ api, path, labels, render }: { api: Api; path: string; labels: Props['labels']; render: (row: T) => [string, string] }) {
  const [page] = useLoad(() => api.get<Paged<T>>(path, { query: { page: 0, size: 50 } }));
  if (!page) return null;
  if (page.content.length === 0) return <p>{labels.empty}</p>;
  return (
    <ul className="rows">
      {page.content.map((row) => {
        const [key, text] = render(row);
        return <li key={key}>{text}</li>;
      })}
    </ul>
  );
}

/** What the favourites and an album share: the API, the labels, and how a row is titled. */
type Kept = { api: Api; labels: Props['labels']; typeLabels: Props['typeLabels']; lang: Lang; titleOf: (row: Titled) => string; uploadMessages: Props['uploadMessages'] };
type KeptRow = Titled & { type: string; id: number };

/** Tabs by resource type (docs/product-rules.md#personal-centre), above the panel `panelId`. */
function TypeTabs<T extends keyof Props['typeLabels']>({ types, current, onSelect, label, typeLabels, panelId }: { types: readonly T[]; current: T; onSelect: (type: T) => void; label: string; typeLabels: Props['typeLabels']; panelId: string }) {
  return (
    <div role="tablist" aria-label={label} className="type-tabs">
      {types.map((type) => (
        <button key={type} type="button" role="tab" id={`${panelId}-${type}`} aria-selected={type === current} aria-controls={panelId} onClick={() => onSelect(type)}>
          {typeLabels[type]}
        </button>
      ))}
    </div>
  );
}

/** Kept resources, each linked to its page where it has one, with an action (remove). */
function KeptRows({ rows, kept, action, onAction }: { rows: KeptRow[] | null; kept: Kept; action: string; onAction: (row: KeptRow) => Promise<unknown> }) {
  if (!rows) return null;
  if (rows.length === 0) return <p>{kept.labels.empty}</p>;
  return (
    <ul className="rows">
      {rows.map((row) => {
        const href = resourcePath(kept.lang, row.type, row.id);
        return (
          <li key={`${row.type}-${row.id}`}>
            {href ? <a href={href}>{kept.titleOf(row)}</a> : <span>{kept.titleOf(row)}</span>}
            <button type="button" onClick={() => void onAction(row).catch(() => {})}>
              {action}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Collects(kept: Kept) {
  const [type, setType] = useState<(typeof COLLECT_TABS)[number]>(COLLECT_TABS[0]);
  return (
    <>
      <TypeTabs types={COLLECT_TABS} current={type} onSelect={setType} label={kept.labels.collectTypes} typeLabels={kept.typeLabels} panelId="collect-items" />
      <div role="tabpanel" id="collect-items" aria-labelledby={`collect-items-${type}`}>
        <CollectRows key={type} kept={kept} type={type} />
      </div>
    </>
  );
}

function CollectRows({ kept, type }: { kept: Kept; type: string }) {
  const { api } = kept;
  type Row = Titled & { resourceType: string; resourceId: number };
  const [page, reload] = useLoad(() => api.get<Paged<Row>>(apiPaths.memberCollects, { query: { type, page: 0, size: 50 } }));
  const rows = page?.content.map((row) => ({ ...row, type: row.resourceType, id: row.resourceId })) ?? null;
  return <KeptRows rows={rows} kept={kept} action={kept.labels.cancelCollect} onAction={(row) => api.post(apiPaths.memberUnCollect, { type: row.type, id: row.id }).then(reload)} />;
}

function Albums(kept: Kept) {
  const { api, labels, lang } = kept;
  const [albums, reload] = useLoad(() => api.get<Album[]>(apiPaths.personalAlbumList));
  const [open, setOpen] = useState<Album | null>(null);
  const nameOf = (album: Album) => (lang === 'en' ? album.enName || album.name : album.name);
  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!uploadAllowed(form, 'cover', 'cover', kept.uploadMessages)) return;
    await api.post(apiPaths.personalAlbumSave, new FormData(form));
    form.reset();
    reload();
  }
  async function rename(album: Album) {
    const name = prompt(labels.albumName, album.name)?.trim();
    if (!name) return;
    const data = new FormData();
    data.set('id', String(album.id));
    data.set('name', name);
    if (album.enName) data.set('enName', album.enName);
    await api.post(apiPaths.personalAlbumEdit, data);
    reload();
  }
  if (open) {
    return (
      <AlbumItems
        kept={kept}
        album={open}
        name={nameOf(open)}
        onBack={() => {
          setOpen(null);
          reload();
        }}
      />
    );
  }
  return (
    <>
      <form onSubmit={(event) => void create(event).catch(() => {})}>
        <label>
          <span>{labels.albumName}</span>
          <input name="name" required maxLength={100} />
        </label>
        <label>
          <span>{labels.albumEnName}</span>
          <input name="enName" maxLength={200} />
        </label>
        <label>
          <span>{labels.albumCover}</span>
          <input name="cover" type="file" accept={acceptOf('cover')} />
        </label>
        <button type="submit">{labels.createAlbum}</button>
      </form>
      {albums && albums.length === 0 && <p>{labels.empty}</p>}
      <ul className="rows albums">
        {albums?.map((album) => (
          <li key={album.id}>
            {album.coverUrl ? <img className="album-cover" src={album.coverUrl} alt="" /> : <span />}
            <span className="album-name">
              {nameOf(album)} ({album.items})
            </span>
            <span>
              <button type="button" onClick={() => setOpen(album)}>
                {labels.openAlbum}
              </button>
              <button type="button" onClick={() => void rename(album).catch(() => {})}>
                {labels.rename}
              </button>
              <button type="button" onClick={() => void api.post(apiPaths.personalAlbumDelete, { id: album.id }).then(reload, () => {})}>
                {labels.remove}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** One album opened: its resources under the album tabs (docs/product-rules.md#albums). */
function AlbumItems({ kept, album, name, onBack }: { kept: Kept; album: Album; name: string; onBack: () => void }) {
  const [type, setType] = useState<(typeof ALBUM_TABS)[number]>(ALBUM_TABS[0]);
  return (
    <section aria-label={`${kept.labels.albumContents}: ${name}`}>
      <h3>{name}</h3>
      <button type="button" onClick={onBack}>
        {kept.labels.backToAlbums}
      </button>
      <TypeTabs types={ALBUM_TABS} current={type} onSelect={setType} label={kept.labels.albumContents} typeLabels={kept.typeLabels} panelId="album-items" />
      <div role="tabpanel" id="album-items" aria-labelledby={`album-items-${type}`}>
        <AlbumRows key={type} kept={kept} albumId={album.id} type={type} />
      </div>
    </section>
  );
}

function AlbumRows({ kept, albumId, type }: { kept: Kept; albumId: number; type: string }) {
  const { api } = kept;
  const [items, reload] = useLoad(() => api.get<KeptRow[]>(apiPaths.personalAlbumItems, { query: { albumId, type } }));
  return <KeptRows rows={items} kept={kept} action={kept.labels.removeFromAlbum} onAction={(row) => api.post(apiPaths.personalAlbumRemove, { albumId, type: row.type, id: row.id }).then(reload)} />;
}

function InfoForm({ api, labels, saved, uploadMessages }: { api: Api; labels: Props['labels']; saved: string; uploadMessages: Props['uploadMessages'] }) {
  const [info, reload] = useLoad(() => api.get<Info>(apiPaths.memberInfo));
  if (!info) return null;
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!uploadAllowed(event.currentTarget, 'headPicture', 'avatar', uploadMessages)) return;
    await api.post(apiPaths.memberSaveInfo, new FormData(event.currentTarget));
    showToast(saved, 'success');
    reload();
  }
  const text = (name: keyof Info, label: string, type = 'text') => (
    <label>
      <span>{label}</span>
      <input name={name} type={type} defaultValue={String(info[name] ?? '')} maxLength={200} />
    </label>
  );
  return (
    <form key={info.headPictureUrl ?? 'none'} onSubmit={(event) => void save(event).catch(() => {})}>
      {info.headPictureUrl && <img className="avatar" src={info.headPictureUrl} alt={labels.avatar} />}
      <label>
        <span>{labels.avatar}</span>
        <input name="headPicture" type="file" accept={acceptOf('avatar')} />
      </label>
      {text('name', labels.name)}
      <p>
        {labels.mobile}: {info.mobileNo ?? ''}
      </p>
      {text('email', labels.email, 'email')}
      {text('region', labels.region)}
      {text('major', labels.major)}
      {text('institution', labels.institution)}
      {text('researchField', labels.researchField)}
      <label>
        <span>{labels.gender}</span>
        <select name="gender" defaultValue={info.gender ?? ''}>
          <option value="" />
          <option value="male">{labels.male}</option>
          <option value="female">{labels.female}</option>
        </select>
      </label>
      <button type="submit">{labels.save}</button>
    </form>
  );
}

function Security({ api, labels, problems, loginHref, smsCodes }: { api: Api; labels: Props['labels']; problems: Props['problems']; loginHref: string; smsCodes: boolean }) {
  const [info] = useLoad(() => api.get<Info>(apiPaths.memberInfo));
  const refuse = (problem: AccountProblem | null) => {
    if (problem) showToast(problems[problem], 'error');
    return problem !== null;
  };
  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = { oldPassword: String(data.get('oldPassword')), password: String(data.get('password')), confirmPassword: String(data.get('confirmPassword')) };
    if (refuse(newPasswordProblem(body.password, body.confirmPassword, info?.userName ?? ''))) return;
    if (body.password === body.oldPassword) return void refuse('passwordSameAsOld');
    await api.post(apiPaths.changePwd, body);
    clearLogin();
    location.assign(loginHref);
  }
  async function sendCode(form: HTMLFormElement | null) {
    const mobile = String(new FormData(form ?? undefined).get('mobile') ?? '').trim();
    if (refuse(phoneProblem(mobile))) return;
    await api.post(apiPaths.sendReceiverMessage, { account: mobile, purpose: 'mobile' });
  }
  async function changeMobile(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    await api.post(apiPaths.changeMobile, { mobile: String(data.get('mobile')).trim(), code: String(data.get('code')) });
    form.reset();
  }
  return (
    <>
      {info?.passwordChangeDue && <p className="reminder">{labels.passwordReminder}</p>}
      <h3>{labels.changePassword}</h3>
      <form onSubmit={(event) => void changePassword(event).catch(() => {})}>
        <label>
          <span>{labels.oldPassword}</span>
          <input name="oldPassword" type="password" required autoComplete="current-password" />
        </label>
        <label>
          <span>{labels.newPassword}</span>
          <input name="password" type="password" required autoComplete="new-password" />
        </label>
        <label>
          <span>{labels.confirmPassword}</span>
          <input name="confirmPassword" type="password" required autoComplete="new-password" />
        </label>
        <p className="hint">{labels.passwordHint}</p>
        <button type="submit">{labels.changePassword}</button>
      </form>
      <h3>{labels.changeMobile}</h3>
      {smsCodes ? (
      <form onSubmit={(event) => void changeMobile(event).catch(() => {})}>
        <label>
          <span>{labels.newMobile}</span>
          <input name="mobile" required inputMode="tel" autoComplete="tel" />
        </label>
        <label>
          <span>{labels.code}</span>
          <input name="code" required inputMode="numeric" autoComplete="one-time-code" />
        </label>
        <button type="button" onClick={(event) => void sendCode(event.currentTarget.form).catch(() => {})}>
          {labels.getCode}
        </button>
        <button type="submit">{labels.changeMobile}</button>
      </form>
      ) : (
        <p className="hint">{labels.mobileChangeOff}</p>
      )}
    </>
  );
}

export default reactIsland(PersonalCentre);
