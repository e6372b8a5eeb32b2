import { recipientDisplayName } from '@palabre/contracts'
import type { Language } from '../../../i18n'
import type { WallScope } from '../model/types'
import { cardTexts } from '../../../i18n/catalogue/wall/card'
import { fillTemplate } from './template'

/**
 * The text of an empty wall (docs/wall.md, "Empty wall"): 'You don't have any Post', ' on
 * {folder}' or ' with {contact}'; after a search, 'Aucun message ne correspond à votre
 * recherche' in French and its English equivalent in English. A contact without a name is
 * named by '+' and the phone.
 */
export const emptyWallText = (scope: WallScope, searching: boolean, lang: Language): string => {
  const texts = cardTexts[lang].empty
  switch (scope.kind) {
    case 'general':
      return searching ? texts.search : texts.wall
    case 'folder':
      return fillTemplate(searching ? texts.searchFolder : texts.wallFolder, { folder: scope.name })
    case 'contact':
      return fillTemplate(searching ? texts.searchContact : texts.wallContact, {
        contact: recipientDisplayName(scope),
      })
  }
}
