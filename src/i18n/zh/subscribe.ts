/** E-mail subscription: the page, the API's answers and the mails. */
export const subscribe = {
  title: '邮件订阅',
  intro: '订阅后，本刊出版新一期或有网络首发文章时，您会收到一封邮件。',
  emailLabel: '电子邮箱',
  codeLabel: '验证码',
  sendCode: '获取验证码',
  resendIn: '{seconds} 秒后可重新获取',
  submit: '订阅',
  confirmTitle: '确认订阅',
  confirmButton: '确认订阅',
  unsubscribeTitle: '退订',
  unsubscribeButton: '退订邮件',
  badEmail: '邮箱格式不正确',
  needsScript: '此表单需要启用 JavaScript。',
  confirmSubject: '{site}：请确认邮件订阅',
  confirmText:
    '您好！\n\n请打开下面的链接确认订阅{site}的新刊和网络首发通知：\n{link}\n\n如非本人操作，请忽略本邮件；不想再收到任何邮件，可随时退订：\n{unsubscribe}',
  subscribedSubject: '{site}：订阅成功',
  subscribedText:
    '您好！\n\n您已用这个邮箱订阅{site}的新刊和网络首发通知。\n\n如非本人操作或不想再收到邮件，可随时退订：\n{unsubscribe}',
  digestSubject: '{site}：新刊与网络首发',
  digestIntro: '您好！{site}有以下更新：',
  digestIssue: '{journal} {issue}',
  digestOnline: '网络首发：{title}',
  digestFooter: '您收到这封邮件是因为订阅了{site}。退订：{unsubscribe}',
};
