import type { FormEvent } from 'react';
import { apiPaths } from '../../lib/api-paths.ts';
import type { MemberInfo } from '../../lib/member-info.ts';
import { acceptOf } from '../../lib/upload-rules.ts';
import { showToast } from '../state/toast.ts';
import type { Api, Labels, UploadMessages } from './types.ts';
import { uploadAllowed } from './upload-allowed.ts';
import { useLoad } from './use-load.ts';

type Info = MemberInfo;

export function InfoForm({
  api,
  labels,
  saved,
  uploadMessages,
}: {
  api: Api;
  labels: Labels;
  saved: string;
  uploadMessages: UploadMessages;
}) {
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
