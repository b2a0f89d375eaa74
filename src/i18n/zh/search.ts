import type { SearchErrorCode } from '../../lib/search-query.ts';

/** Search messages; errors by the codes of src/lib/search-query.ts ({max} filled by the caller). */
export const search = {
  errors: {
    empty: '请输入检索词。',
    tooLong: '检索词不能超过 {max} 个字符。',
    unbalancedQuotes: '检索词中的引号没有成对出现。',
    syntax: '检索词不能包含 * ^ { } [ ] ~ \\ | 等字符。',
    unknownType: '不支持该检索类型。',
    unknownField: '不支持该检索字段。',
    badOperator: '逻辑运算符只能是大写的 AND、OR 或 NOT，且第一行不能用 NOT。',
    tooManyValues: '最多只能选择 {max} 项。',
    tooManyRows: '检索条件最多 {max} 行。',
    badNumber: '请输入正整数。',
    badValue: '检索参数的取值无效。',
  } satisfies Record<SearchErrorCode, string>,
};
