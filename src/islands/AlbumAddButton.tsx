/**
 * Add to album on a resource page (article, picture, table, editorial-board expert): a logged-in
 * member picks one of their own albums (docs/product-rules.md#albums); a visitor is sent to the login
 * page, as by the collect button beside it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { apiPaths } from '../lib/api-paths.ts';
import type { Lang } from '../lib/lang.ts';
import type { AlbumItemType } from '../lib/member-resources.ts';
import { reactIsland } from './react-island.ts';
import { browserApi } from './state/api.ts';
import { $userName, watchLogin } from './state/login.ts';
import { showToast } from './state/toast.ts';

type Album = { id: number; name: string; enName: string | null };

type Props = {
  siteId: number;
  lang: Lang;
  type: AlbumItemType;
  id: number;
  loginHref: string;
  personalHref: string;
  labels: { addToAlbum: string; chooseAlbum: string; addedToAlbum: string; noAlbums: string };
};

function AlbumAddButton({ siteId, lang, type, id, loginHref, personalHref, labels }: Props) {
  const userName = useStore($userName);
  const [albums, setAlbums] = useState<Album[] | null>(null);
  const listId = useId();
  const nameOf = (album: Album) => (lang === 'en' ? album.enName || album.name : album.name);

  useEffect(() => watchLogin(), []);

  async function toggle() {
    if (!userName) {
      location.assign(loginHref);
      return;
    }
    setAlbums(albums ? null : await browserApi(siteId).get<Album[]>(apiPaths.personalAlbumList));
  }

  async function add(album: Album) {
    await browserApi(siteId).post(apiPaths.personalAlbumAdd, { albumId: album.id, type, id });
    setAlbums(null);
    showToast(labels.addedToAlbum.replace('{album}', nameOf(album)), 'success');
  }

  return (
    <div className="album-add">
      <button
        type="button"
        className="album-add__button"
        aria-expanded={albums !== null}
        aria-controls={albums ? listId : undefined}
        onClick={() => void toggle().catch(() => {})}
      >
        {labels.addToAlbum}
      </button>
      {albums && (
        <fieldset id={listId} className="album-add__choices">
          <legend>{labels.chooseAlbum}</legend>
          {albums.length === 0 ? (
            <a href={personalHref}>{labels.noAlbums}</a>
          ) : (
            albums.map((album) => (
              <button key={album.id} type="button" onClick={() => void add(album).catch(() => {})}>
                {nameOf(album)}
              </button>
            ))
          )}
        </fieldset>
      )}
    </div>
  );
}

export default reactIsland(AlbumAddButton);
