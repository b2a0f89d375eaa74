export const mail = {
  codeSubject: '{site}：您的验证码',
  codeText: '您的验证码是 {code}，{minutes} 分钟内有效，只能使用一次。如非本人操作，请忽略本邮件。',
  codeSms: '【{site}】验证码 {code}，{minutes} 分钟内有效。',
};
