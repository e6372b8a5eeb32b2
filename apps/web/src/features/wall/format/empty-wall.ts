import { recipientDisplayName } from '@palabre/contracts'
import type { Language } from '../../../i18n'
import type { WallScope } from '../model/types'
import { wallTextsIn } from '../../../i18n/catalogue/wall'

/**
 * The text of an empty wall (docs/wall.md, "Empty wall"): 'You don't have any Post', ' on
 * {folder}' or ' with {contact}'; after a search, 'Aucun message ne correspond à votre
 * recherche' in French and its English equivalent in English. A contact without a name is
 * named by '+' and the phone.
 */
export const emptyWallText = (scope: WallScope, searching: boolean, lang: Language): string => {
  const t = wallTextsIn(lang)
  switch (scope.kind) {
    case 'general':
      return searching ? t('wall.card.empty.search') : t('wall.card.empty.wall')
    case 'folder':
      return searching
        ? t('wall.card.empty.searchFolder', { folder: scope.name })
        : t('wall.card.empty.wallFolder', { folder: scope.name })
    case 'contact': {
      const contact = recipientDisplayName(scope)
      return searching
        ? t('wall.card.empty.searchContact', { contact })
        : t('wall.card.empty.wallContact', { contact })
    }
  }
}
