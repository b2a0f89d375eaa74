/**
 * Login/register links or, when the user-name cookie says so, a dropdown with the personal centre and
 * logout (docs/product-rules.md#login-state). Server-rendered logged out; the cookie is polled every second.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { apiPaths } from '../lib/api-paths.ts';
import { UNAUTHORIZED_REDIRECT_MS } from '../lib/constants.ts';
import { maskUserName } from '../lib/mask.ts';
import { reactIsland } from './react-island.ts';
import { browserApi } from './state/api.ts';
import { $userName, clearLogin, watchLogin } from './state/login.ts';
import { showToast } from './state/toast.ts';

type Props = {
  siteId: number;
  loginHref: string;
  loginNewTab: boolean;
  registerHref: string;
  personalHref: string;
  /** where logging out leads: /login?lang= (docs/product-rules.md#login-state) */
  logoutHref: string;
  showRegister: boolean;
  labels: {
    login: string;
    register: string;
    personalCentre: string;
    logout: string;
    loggedOut: string;
    userMenu: string;
    opensInNewTab: string;
  };
};

function LoginState({
  siteId,
  loginHref,
  loginNewTab,
  registerHref,
  personalHref,
  logoutHref,
  showRegister,
  labels,
}: Props) {
  const userName = useStore($userName);
  const [open, setOpen] = useState(false);
  const menuId = 'user-menu-list';
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => watchLogin(), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onClick = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  async function logout() {
    try {
      // the HttpOnly token cookie goes with the call; the answer clears it
      await browserApi(siteId).delete(apiPaths.logout);
      showToast(labels.loggedOut, 'success');
    } catch {
      // the client has shown why the call failed; the login is cleared here either way
    }
    clearLogin();
    setTimeout(() => location.assign(logoutHref), UNAUTHORIZED_REDIRECT_MS);
  }

  if (!userName) {
    const newTab = loginNewTab ? { target: '_blank', rel: 'noopener' } : {};
    return (
      <div className="login-state">
        <a href={loginHref} {...newTab}>
          {labels.login}
          {loginNewTab && <span className="visually-hidden">{labels.opensInNewTab}</span>}
        </a>
        {showRegister && <a href={registerHref}>{labels.register}</a>}
      </div>
    );
  }

  return (
    <div className="login-state user-menu" ref={root}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${labels.userMenu}: ${maskUserName(userName)}`}
        onClick={() => setOpen(!open)}
      >
        {maskUserName(userName)}
      </button>
      <ul id={menuId} className="user-menu-list" hidden={!open}>
        <li>
          <a href={personalHref}>{labels.personalCentre}</a>
        </li>
        <li>
          <button type="button" onClick={() => void logout()}>
            {labels.logout}
          </button>
        </li>
      </ul>
    </div>
  );
}

export default reactIsland(LoginState);
