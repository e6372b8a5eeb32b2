/**
 * The form a name is searched in (docs/behaviour.md, "Search"), by the server and the web
 * alike: lower case, accents and other
 * marks taken off ('Zoé' and 'ZOE' are 'zoe'), compatibility forms spelt plainly (NFKD: 'ﬁ' is
 * 'fi'), and the few Latin letters no decomposition splits written as their plain letters. A
 * contact keeps its name as typed and this key beside it; a search word is folded the same way
 * and matched as a literal substring of the key.
 */
export const searchKey = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[œæßøłđ]/g, (letter) => plainLetters[letter] ?? letter)

const plainLetters: Record<string, string> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
}

/**
 * The words of a text in their searched form (docs/behaviour.md, "Search"): `searchKey` cut at
 * everything that is not a letter or a digit, each word once ('Chloé Martin-Dupont' is 'chloe',
 * 'martin', 'dupont'). Words are matched by their beginning: the directory stores these
 * (docs/organisation.md, "The directory") and searches each typed word as a prefix of one.
 */
export const searchWords = (text: string): string[] => [
  ...new Set(
    searchKey(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 0),
  ),
]
