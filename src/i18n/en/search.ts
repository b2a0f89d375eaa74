import type { search as zh } from '../zh/search.ts';

export const search: typeof zh = {
  errors: {
    empty: 'Please enter the search term.',
    tooLong: 'The search term cannot be longer than {max} characters.',
    unbalancedQuotes: 'The quotation marks in the search term are not paired.',
    syntax: 'The search term cannot contain the characters * ^ { } [ ] ~ \\ |.',
    unknownType: 'This search type is not supported.',
    unknownField: 'This search field is not supported.',
    badOperator: 'Operators must be AND, OR or NOT in capitals, and the first row cannot use NOT.',
    tooManyValues: 'You can choose at most {max} items.',
    tooManyRows: 'A search can have at most {max} rows.',
    badNumber: 'Please enter a positive whole number.',
    badValue: 'A search parameter has an invalid value.',
  },
};
