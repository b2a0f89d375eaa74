/** Issues a verification code and sends it by mail or SMS in the reader's language. */
import { dictionary, format } from '../../i18n/index.ts';
import { VERIFICATION_CODE_TTL_MS } from '../../lib/constants.ts';
import type { Lang } from '../../lib/lang.ts';
import type { Db } from '../store/db.ts';
import type { Mailer } from './mailer.ts';
import type { SmsSender } from './sms.ts';
import { issueVerificationCode, normalizeAddress } from './verification-codes.ts';

type CodeRequest = { purpose: string; address: string; ip: string; lang: Lang; siteName: string; now: Date };
export type SendCodeResult = { ok: true } | { ok: false; reason: 'rateLimited' };

const minutes = Math.round(VERIFICATION_CODE_TTL_MS / 60_000);

export async function sendMailCode(db: Db, mailer: Mailer, request: CodeRequest): Promise<SendCodeResult> {
  const issued = await issueVerificationCode(db, request);
  if (!issued.ok) return issued;
  const t = dictionary(request.lang).mail;
  await mailer.send({
    to: normalizeAddress(request.address),
    subject: format(t.codeSubject, { site: request.siteName }),
    text: format(t.codeText, { code: issued.code, minutes }),
  });
  return { ok: true };
}

export async function sendSmsCode(db: Db, sms: SmsSender, request: CodeRequest): Promise<SendCodeResult> {
  const issued = await issueVerificationCode(db, request);
  if (!issued.ok) return issued;
  const t = dictionary(request.lang).mail;
  await sms.send({
    to: normalizeAddress(request.address),
    text: format(t.codeSms, { site: request.siteName, code: issued.code, minutes }),
    code: { value: issued.code, minutes },
  });
  return { ok: true };
}
