import { type FormEvent, useState } from 'react';
import { apiPaths } from '../../lib/api-paths.ts';
import { acceptOf } from '../../lib/upload-rules.ts';
import { AlbumItems } from './AlbumItems.tsx';
import type { Album, Kept } from './types.ts';
import { uploadAllowed } from './upload-allowed.ts';
import { useLoad } from './use-load.ts';

export function Albums(kept: Kept) {
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
              <button
                type="button"
                onClick={() => void api.post(apiPaths.personalAlbumDelete, { id: album.id }).then(reload, () => {})}
              >
                {labels.remove}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
