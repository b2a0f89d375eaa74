/** OAI-PMH error messages (the codes are the protocol's; the text is for people reading a response). */
export const oai = {
  verbMissing: '缺少 verb 参数。',
  verbRepeated: 'verb 参数重复。',
  verbIllegal: '不支持的 verb：{verb}。',
  argumentIllegal: '{verb} 不接受参数 {name}。',
  argumentRepeated: '参数 {name} 重复。',
  argumentMissing: '{verb} 缺少必需参数 {name}。',
  tokenExclusive: 'resumptionToken 只能与 verb 一起使用。',
  dateInvalid: '{name} 不是 YYYY-MM-DD 或 YYYY-MM-DDThh:mm:ssZ 形式的 UTC 日期：{value}。',
  dateTooFine: '{name} 的粒度细于本库支持的 {granularity}。',
  dateGranularityMismatch: 'from 与 until 的粒度不同。',
  dateOrder: 'from 晚于 until。',
  cannotDisseminateFormat: '本库不提供元数据格式 {prefix}。',
  idDoesNotExist: '没有标识符为 {identifier} 的条目。',
  noRecordsMatch: '没有符合条件的记录。',
  badResumptionToken: 'resumptionToken 无效或已过期。',
  noSetHierarchy: '本库没有集合。',
};
