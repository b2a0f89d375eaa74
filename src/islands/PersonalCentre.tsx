/**
 * The personal centre (SPEC sections 2 and 6): favourites, downloads, own albums, personal
 * information, account security, e-mail subscriptions and browsing history, one tab at a time, each loaded when opened.
 */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { Dictionary } from '../i18n/index.ts';
import { type AccountProblem, newPasswordProblem, phoneProblem } from '../lib/account-rules.ts';
import { apiPaths } from '../lib/api-paths.ts';
import type { Lang } from '../lib/lang.ts';
import type { MemberInfo } from '../lib/member-info.ts';
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
  problems: Record<AccountProblem, string>;
  saved: string;
  subscriptionMessages: SubscriptionMessages;
  loginHref: string;
};

type Titled = { title: string | null; enTitle: string | null };
type Paged<T> = { content: T[]; total: number };
type Info = MemberInfo;
type Album = { id: number; name: string; enName: string | null; coverUrl: string | null; items: number };

const tabLabel = (labels: Props['labels'], tab: Tab) =>
  ({ collect: labels.tabCollect, download: labels.tabDownload, album: labels.tabAlbum, info: labels.tabInfo, account: labels.tabAccount, subscribe: labels.tabSubscribe, history: labels.tabHistory })[tab];

function PersonalCentre({ siteId, lang, labels, problems, saved, subscriptionMessages, loginHref }: Props) {
  const api = browserApi(siteId);
  const [tab, setTab] = useState<Tab>('collect');
  const titleOf = (row: Titled) => (lang === 'en' ? row.enTitle || row.title : row.title || row.enTitle) ?? '';
  return (
    <div className="personal-centre">
      <BookCloudEntry api={api} label={labels.bookCloud} />
      <div role="tablist" aria-orientation="vertical">
        {TABS.map((name) => (
          <button key={name} type="button" role="tab" id={`tab-${name}`} aria-selected={tab === name} aria-controls="personal-panel" onClick={() => setTab(name)}>
            {tabLabel(labels, name)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="personal-panel" aria-labelledby={`tab-${tab}`}>
        <h2>{tabLabel(labels, tab)}</h2>
        {tab === 'collect' && <Collects api={api} labels={labels} titleOf={titleOf} />}
        {tab === 'download' && <Rows api={api} path={apiPaths.memberDownloads} labels={labels} render={(row: Titled & { articleId: number; createdAt: string }) => [String(row.articleId), titleOf(row)]} />}
        {tab === 'history' && <Rows api={api} path={apiPaths.memberHistorys} labels={labels} render={(row: Titled & { resourceType: string; resourceId: number }) => [`${row.resourceType}-${row.resourceId}`, titleOf(row)]} />}
        {tab === 'album' && <Albums api={api} labels={labels} lang={lang} />}
        {tab === 'info' && <InfoForm api={api} labels={labels} saved={saved} />}
        {tab === 'account' && <Security api={api} labels={labels} problems={problems} loginHref={loginHref} />}
        {tab === 'subscribe' && <PersonalSubscriptions api={api} labels={labels} messages={subscriptionMessages} />}
      </div>
    </div>
  );
}

type Api = ReturnType<typeof browserApi>;

/** SPEC sections 6-8: shown when the site's BOOK_CLOUD_CHECK is 'true'; a failed lookup leaves it off (the client toasts why). */
function BookCloudEntry({ api, label }: { api: Api; label: string }) {
  const [enabled, setEnabled] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: looked up once
  useEffect(() => {
    api.get<{ configValue: string }>(apiPaths.configByName, { query: { configName: 'BOOK_CLOUD_CHECK' } }).then(
      (config) => setEnabled(config.configValue === 'true'),
      () => setEnabled(false),
    );
  }, []);
  if (!enabled) return null;
  async function jump() {
    const { jumpUrl } = await api.get<{ jumpUrl: string }>(apiPaths.bookJump);
    window.open(jumpUrl, '_blank', 'noopener');
  }
  return (
    <button type="button" className="book-cloud" onClick={() => void jump().catch(() => {})}>
      {label}
    </button>
  );
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

function Collects({ api, labels, titleOf }: { api: Api; labels: Props['labels']; titleOf: (row: Titled) => string }) {
  type Row = Titled & { resourceType: string; resourceId: number };
  const [page, reload] = useLoad(() => api.get<Paged<Row>>(apiPaths.memberCollects, { query: { page: 0, size: 50 } }));
  if (!page) return null;
  if (page.content.length === 0) return <p>{labels.empty}</p>;
  return (
    <ul className="rows">
      {page.content.map((row) => (
        <li key={`${row.resourceType}-${row.resourceId}`}>
          <span>{titleOf(row)}</span>
          <button type="button" onClick={() => void api.post(apiPaths.memberUnCollect, { type: row.resourceType, id: row.resourceId }).then(reload, () => {})}>
            {labels.cancelCollect}
          </button>
        </li>
      ))}
    </ul>
  );
}

function Albums({ api, labels, lang }: { api: Api; labels: Props['labels']; lang: Lang }) {
  const [albums, reload] = useLoad(() => api.get<Album[]>(apiPaths.personalAlbumList));
  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
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
          <input name="cover" type="file" accept="image/jpeg,image/png" />
        </label>
        <button type="submit">{labels.createAlbum}</button>
      </form>
      {albums && albums.length === 0 && <p>{labels.empty}</p>}
      <ul className="rows albums">
        {albums?.map((album) => (
          <li key={album.id}>
            {album.coverUrl ? <img className="album-cover" src={album.coverUrl} alt="" /> : <span />}
            <span className="album-name">{lang === 'en' ? album.enName || album.name : album.name}</span>
            <span>
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

function InfoForm({ api, labels, saved }: { api: Api; labels: Props['labels']; saved: string }) {
  const [info, reload] = useLoad(() => api.get<Info>(apiPaths.memberInfo));
  if (!info) return null;
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
        <input name="headPicture" type="file" accept="image/jpeg,image/png,image/bmp" />
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

function Security({ api, labels, problems, loginHref }: { api: Api; labels: Props['labels']; problems: Props['problems']; loginHref: string }) {
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
    </>
  );
}

export default reactIsland(PersonalCentre);
