/** Texts the Node server writes itself (outside Astro pages). */
export const server = {
  unknownSiteTitle: '找不到该网站',
  unknownSiteMessage: '此地址没有对应的网站。请检查网址是否正确。',
  adminUnauthorized: '需要有效的管理令牌。',
  adminSiteNotFound: '找不到网站 {sld}。',
  adminSiteClosed: '网站 {sld} 已关闭（{status}），关闭的网站不生成页面。',
  adminChannelNotFound: '找不到栏目 {id}。',
  adminBadRequest: '请求内容无效。',
  rebuildStarted: '网站 {sld} 正在重新生成。',
  rebuildQueued: '网站 {sld} 已在生成中，将在完成后再生成一次。',
  rebuildBuilderOff:
    '此服务器不生成网站（BUILDER=off）：由负责生成的服务器按变更记录更新 {sld}，请向该服务器请求重新生成。',
  methodNotAllowedTitle: '不支持的请求方式',
  methodNotAllowedMessage: '此地址只能读取（GET 或 HEAD）。',
  payloadTooLargeTitle: '请求内容过大',
  payloadTooLargeMessage: '页面不接受请求内容。',
  busyTitle: '服务繁忙，请稍后重试',
  busyMessage: '当前正在生成的页面过多，请几秒后刷新页面。',
};
