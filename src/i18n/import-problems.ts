/**
 * An import problem (src/server/import: English, as `npm run import` prints it) in the editor's
 * language. The check words its problems once, in English; the console shows the ones an editor
 * meets most in Chinese, matched by their wording, and any other as it is.
 */
import type { Lang } from '../lib/lang.ts';
import { format } from './format.ts';

type Rule = [RegExp, string];

/** English wording → Chinese, the captured parts kept in order as {1}, {2}… */
const ZH: Rule[] = [
  [/^Required$/, '缺少必填字段'],
  [/^a required field cannot be cleared/, '必填字段不能清空（不写此字段即保留原值）'],
  [/^Invalid input: expected (\w+), received (\w+)$/, '类型不对：应为 {1}，实为 {2}'],
  [/^Invalid input$/, '输入无效'],
  [/^Unrecognized keys?: (.+)$/, '未知字段：{1}'],
  [/^Invalid option: expected one of (.+)$/, '取值无效：应为 {1} 之一'],
  [/^Too big: expected (\w+) to have <=(\d+) (\w+)$/, '过长：最多 {2}'],
  [/^Too small: expected (\w+) to have >=(\d+) (\w+)$/, '过短：至少 {2}'],
  [/^Too big: expected number to be <=(\S+)$/, '数值过大：最大 {1}'],
  [/^Too small: expected number to be >=(\S+)$/, '数值过小：最小 {1}'],
  [/^Invalid (ISO )?date(time)?$/, '日期格式无效'],
  [/^Invalid email address$/, '电子邮箱格式无效'],
  [/^expected a date yyyy-mm-dd$/, '日期格式应为 yyyy-mm-dd'],
  [/^expected an ISSN such as (.+)$/, 'ISSN 格式应如 {1}'],
  [/^expected a DOI such as (.+)$/, 'DOI 格式应如 {1}'],
  [/^expected an ORCID iD$/, 'ORCID 格式无效'],
  [/^expected a lower-case short name/, '站点简称只能是小写字母、数字和 -'],
  [/^a list has at most (\S+) entries$/, '列表最多 {1} 项'],
  [/^an HTML field has at most (\S+) KB \(this one has (\S+) KB\)$/, 'HTML 字段最多 {1} KB（此处 {2} KB）'],
  [/^lastPage is before firstPage$/, '末页在首页之前'],
  [/^colour 0 needs colour1$/, '颜色为 0 时需要 colour1'],
  [/^unknown publication ISSN (\S+) \(list it under publications\)$/, '未知期刊 ISSN {1}（请在 publications 中列出）'],
  [
    /^unknown period (\S+) of ISSN (\S+) \(list it under periods\)$/,
    'ISSN {2} 的期次 {1} 不存在（请在 periods 中列出）',
  ],
  [/^unknown column (.+) of ISSN (\S+)$/, 'ISSN {2} 没有栏目 {1}'],
  [/^unknown article DOI (\S+)$/, '未知文章 DOI {1}'],
  [/^a formal article needs its period \(year and issue\)$/, '正式出版的文章需要期次（年和期）'],
  [/^(.+) appears twice in this file \(also (\S+)\)$/, '{1} 在文件中出现两次（另见 {2}）'],
  [/^no article with DOI (\S+) on this site$/, '本站没有 DOI 为 {1} 的文章'],
  [/^the DOI (\S+) was changed to (\S+): import the article under (\S+)$/, 'DOI {1} 已改为 {2}：请用 {3} 导入'],
  [/^the DOI (\S+) already belongs to another article than (\S+)$/, 'DOI {1} 已属于 {2} 以外的另一篇文章'],
  [/^institution (\d+) is not listed \(the article has (\d+)\)$/, '机构 {1} 未列出（文章只有 {2} 个机构）'],
  [/^(.+): no such file in the import's files$/, '导入的文件中没有 {1}'],
  [
    /^(.+): this import names files but has no files folder/,
    '{1}：导入引用了文件，但没有上传文件（请上传包含文件的 zip 包）',
  ],
  [/^(.+) is empty$/, '{1} 是空文件'],
  [/^(.+) is not a PDF: its bytes are (.+)$/, '{1} 不是 PDF：其内容是 {2}'],
  [/^(.+) is not what its name says \((\S+)\): its bytes are (.+)$/, '{1} 与扩展名 {2} 不符：其内容是 {3}'],
];

/** The problem in this language; in Chinese, any wording not in the table stays English. */
export function importProblemText(problem: string, lang: Lang): string {
  if (lang === 'en') return problem;
  for (const [pattern, zh] of ZH) {
    const match = pattern.exec(problem);
    if (match) return format(zh, Object.fromEntries(match.slice(1).map((part, i) => [String(i + 1), part ?? ''])));
  }
  return problem;
}
