/**
 * The header search box (docs/product-rules.md#search-box). Server-rendered as a plain GET form to the result
 * page; hydrated it validates, remembers the last search and opens results in a new window.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import type { SearchCondition } from '../content/types.ts';
import type { ResourceCode } from '../lib/resource-types.ts';
import {
  clampSearchText,
  conditionTypeFor,
  maxSearchLength,
  resultPath,
  resultUrl,
  type SearchMode,
  type SearchTypeOption,
  shouldSearch,
} from '../lib/search-rules.ts';
import { reactIsland } from './react-island.ts';
import { fetchSearchConditions } from './search-conditions.ts';
import { $headerFixed } from './state/header.ts';
import { $searchExpanded, rememberSearch, setSearchExpanded, toggleSearchExpanded } from './state/search.ts';

export type SearchBoxLabels = {
  label: string;
  open: string;
  placeholder: string;
  submit: string;
  clear: string;
  type: string;
  condition: string;
  all: string;
  advanced: string;
  requireKeyword: string;
};

type Props = {
  lang: 'zh' | 'en';
  siteId: number;
  mode: SearchMode;
  types: SearchTypeOption[];
  initialConditions: SearchCondition[];
  expanded: boolean;
  advancedHref: string | null;
  labels: SearchBoxLabels;
};

function SearchBox({
  lang,
  siteId,
  mode,
  types,
  initialConditions,
  expanded: initiallyExpanded,
  advancedHref,
  labels,
}: Props) {
  const fixed = useStore($headerFixed);
  const storeExpanded = useStore($searchExpanded);
  const [hydrated, setHydrated] = useState(false);
  const [text, setText] = useState('');
  const [typeCode, setTypeCode] = useState<ResourceCode>(types[0]?.code ?? 'article');
  const [conditions, setConditions] = useState<SearchCondition[]>(initialConditions);
  const [field, setField] = useState('');
  const [message, setMessage] = useState('');
  const [onSenior, setOnSenior] = useState(false);
  const expanded = hydrated ? storeExpanded : initiallyExpanded;
  const maxLength = maxSearchLength(fixed);

  useEffect(() => {
    setSearchExpanded(initiallyExpanded);
    setOnSenior(/^\/seniorSearch\/?$/.test(location.pathname));
    setHydrated(true);
  }, [initiallyExpanded]);

  useEffect(() => {
    setText((current) => clampSearchText(current, fixed));
  }, [fixed]);

  const options = [{ field: '', condition: labels.all, enCondition: labels.all }, ...conditions];
  const conditionLabel = (c: SearchCondition) => (lang === 'en' ? c.enCondition : c.condition);

  async function changeType(code: ResourceCode) {
    setTypeCode(code);
    setField('');
    try {
      setConditions(await fetchSearchConditions(siteId, conditionTypeFor(code)));
    } catch {
      setConditions([]);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!shouldSearch(text)) {
      toggleSearchExpanded();
      setMessage(labels.requireKeyword);
      return;
    }
    setMessage('');
    const chosen = options.find((c) => c.field === field) ?? options[0]!;
    const searchText = text.trim();
    rememberSearch({ type: typeCode, text: searchText, field: chosen.field }, conditionLabel(chosen));
    window.open(
      resultUrl({ code: typeCode, mode, text: searchText, field: chosen.field || undefined, lang }),
      '_blank',
      'noopener',
    );
  }

  return (
    <search className="search-box" data-expanded={expanded ? 'true' : 'false'} aria-label={labels.label}>
      <form method="get" action={resultPath(typeCode)} target="_blank" rel="noopener" onSubmit={submit} noValidate>
        <input type="hidden" name="index" value={typeCode === 'publication' ? 0 : -1} />
        <input type="hidden" name="searchType" value={mode} />
        <input type="hidden" name="lang" value={lang} />
        <div className="search-fields">
          {types.length > 1 && (
            <select
              name="type"
              aria-label={labels.type}
              value={typeCode}
              onChange={(event) => void changeType(event.currentTarget.value as ResourceCode)}
            >
              {types.map((t) => (
                <option key={t.code} value={t.code}>
                  {lang === 'en' ? t.enName : t.name}
                </option>
              ))}
            </select>
          )}
          {types.length === 1 && <input type="hidden" name="type" value={typeCode} />}
          <select
            name="field"
            aria-label={labels.condition}
            value={field}
            onChange={(event) => setField(event.currentTarget.value)}
          >
            {options.map((c) => (
              <option key={c.field} value={c.field}>
                {conditionLabel(c)}
              </option>
            ))}
          </select>
          <span className="search-input">
            <input
              type="search"
              name="searchText"
              aria-label={labels.placeholder}
              placeholder={labels.placeholder}
              maxLength={maxLength}
              value={text}
              onChange={(event) => {
                setText(clampSearchText(event.currentTarget.value, fixed));
                setMessage('');
              }}
            />
            {text !== '' && (
              <button type="button" className="search-clear" aria-label={labels.clear} onClick={() => setText('')}>
                ×
              </button>
            )}
          </span>
        </div>
        <button
          type="submit"
          className="search-submit"
          aria-label={expanded ? labels.submit : labels.open}
          aria-expanded={expanded}
        >
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
        {advancedHref && !onSenior && (
          <a className="search-advanced" href={advancedHref}>
            {labels.advanced}
          </a>
        )}
      </form>
      <p className="search-message" role="status">
        {message}
      </p>
    </search>
  );
}

export default reactIsland(SearchBox);
