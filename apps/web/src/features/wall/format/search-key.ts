import { searchKey } from '@palabre/contracts'

/**
 * Whether `text` holds `word`, case and accents aside, folded as the server folds contact names
 * (docs/wall.md, "Lists"; the contracts' `searchKey`); a word of spaces only holds nothing. */
export const matchesSearch = (text: string, word: string): boolean =>
  searchKey(text).includes(searchKey(word.trim()))
