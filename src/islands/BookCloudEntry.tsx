/**
 * The book-cloud entry in the header's user area (docs/product-rules.md#book-cloud), for visitors and members: shown
 * when the site's BOOK_CLOUD_CHECK is 'true'. The jump call decides where it leads: a visitor to the
 * external book site, a member with a short-lived signed token. A failed config lookup leaves the
 * entry off, and the shared client toasts the server's message.
 */
import { useEffect, useState } from 'react';
import { apiPaths } from '../lib/api-paths.ts';
import { BOOK_CLOUD_CONFIG } from '../lib/constants.ts';
import { reactIsland } from './react-island.ts';
import { browserApi } from './state/api.ts';

type Props = { siteId: number; label: string };

function BookCloudEntry({ siteId, label }: Props) {
  const [enabled, setEnabled] = useState(false);

  useEffect(() => {
    browserApi(siteId)
      .get<{ configValue: string }>(apiPaths.configByName, { query: { configName: BOOK_CLOUD_CONFIG } })
      .then(
        (config) => setEnabled(config.configValue === 'true'),
        () => setEnabled(false),
      );
  }, [siteId]);

  if (!enabled) return null;

  async function jump() {
    // the window opens within the click (no popup blocker), then goes where the jump call says
    const opened = window.open('', '_blank');
    try {
      const { jumpUrl } = await browserApi(siteId).get<{ jumpUrl: string }>(apiPaths.bookJump);
      if (!opened) return location.assign(jumpUrl);
      opened.opener = null;
      opened.location.href = jumpUrl;
    } catch {
      opened?.close();
    }
  }

  return (
    <button type="button" className="book-cloud" onClick={() => void jump()}>
      {label}
    </button>
  );
}

export default reactIsland(BookCloudEntry);
