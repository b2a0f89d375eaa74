export const api = {
  success: '成功',
  invalidParameter: '参数错误：{field}',
  siteNotFound: '站点不存在',
  siteForbidden: '网站已过期或被停用',
  notFound: '未找到该资源',
  unauthorized: '登录已失效，请重新登录',
  serverError: '服务器错误，请稍后再试',
  tooManyRequests: '请求过于频繁，请稍后再试',
  siteMismatch: '请求的站点与当前网站不一致',
  routeNotFound: '接口不存在',
  searchInvalid: '{message}',
  logoutSuccess: '退出成功',
};
