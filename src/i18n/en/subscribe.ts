import type { subscribe as zh } from '../zh/subscribe.ts';

export const subscribe: typeof zh = {
  title: 'E-mail subscription',
  intro: 'Subscribe to receive an e-mail when a new issue or online-first articles are published.',
  emailLabel: 'E-mail',
  codeLabel: 'Verification code',
  sendCode: 'Send code',
  resendIn: 'Send again in {seconds} s',
  submit: 'Subscribe',
  confirmTitle: 'Confirm subscription',
  confirmButton: 'Confirm subscription',
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeButton: 'Unsubscribe',
  badEmail: 'E-mail format incorrect',
  needsScript: 'This form needs JavaScript.',
  confirmSubject: '{site}: please confirm your subscription',
  confirmText:
    'Hello,\n\nFollow this link to confirm your subscription to new issues and online-first articles of {site}:\n{link}\n\nIf you did not ask for this, ignore this message. To receive no mail at all, unsubscribe at any time:\n{unsubscribe}',
  subscribedSubject: '{site}: you are subscribed',
  subscribedText:
    'Hello,\n\nThis address is now subscribed to new issues and online-first articles of {site}.\n\nIf you did not ask for this, or to receive no more mail, unsubscribe at any time:\n{unsubscribe}',
  digestSubject: '{site}: new issue and online-first articles',
  digestIntro: 'Hello, {site} has published:',
  digestIssue: '{journal}, {issue}',
  digestOnline: 'Online first: {title}',
  digestFooter: 'You receive this because you subscribed to {site}. Unsubscribe: {unsubscribe}',
};
