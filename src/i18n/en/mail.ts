import type { mail as zh } from '../zh/mail.ts';

export const mail: typeof zh = {
  codeSubject: '{site}: your verification code',
  codeText:
    'Your verification code is {code}. It is valid for {minutes} minutes and can be used once. If you did not ask for it, ignore this message.',
  codeSms: '[{site}] Verification code {code}, valid for {minutes} minutes.',
};
