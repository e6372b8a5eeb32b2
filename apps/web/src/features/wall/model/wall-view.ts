import type { WallScope } from './types'

/** What the centre column shows: a scope, a page of it, and a search word (docs/wall.md). */
export interface WallView {
  scope: WallScope
  page: number
  /** '' when not searching. */
  word: string
}

export type WallViewAction =
  | { type: 'scope'; scope: WallScope }
  | { type: 'general' }
  | { type: 'page'; page: number }
  | { type: 'search'; word: string }
  /** A contact renamed (docs/wall.md, "Modals"): the title of its scope follows. */
  | { type: 'contactRenamed'; phone: string; name: string }

export const initialWallView: WallView = { scope: { kind: 'general' }, page: 0, word: '' }

/**
 * Scope, paging and search (docs/wall.md, "Scope, paging and search"): a new scope starts at
 * its first page, unsearched; the back arrow returns to the general wall and ends the search;
 * a search starts at the first page; a word of spaces only is no search.
 */
export const wallViewReducer = (view: WallView, action: WallViewAction): WallView => {
  switch (action.type) {
    case 'scope':
      return { scope: action.scope, page: 0, word: '' }
    case 'general':
      return initialWallView
    case 'page':
      return { ...view, page: Math.max(0, action.page) }
    case 'search': {
      const word = action.word.trim() === '' ? '' : action.word.trim()
      return { ...view, word, page: 0 }
    }
    case 'contactRenamed':
      return view.scope.kind === 'contact' && view.scope.phone === action.phone
        ? { ...view, scope: { ...view.scope, name: action.name } }
        : view
  }
}
