import { describe, expect, it } from 'vitest'
import { messages } from './messages.js'

describe('messages', () => {
  it('keeps the product texts verbatim, spelling included', () => {
    expect(messages.signIn.notFound).toBe('Number not found, time to sign up!')
    expect(messages.signIn.wrongPassword).toBe("Oops, password's incorrect. Give it another shot.")
    expect(messages.reset.confirmRequired).toBe('Please fill comfirm password field.')
    expect(messages.signUp.alreadyRegistered).toBe(
      'This number is already registred, please log in.',
    )
    expect(messages.api.saved).toBe('Objet enregistré !')
    expect(messages.api.alreadySaved).toBe('Objet dejà enregistré !')
    expect(messages.wall.notRegistered).toBe('non inscris')
    expect(messages.contact.nameRequired).toBe('/!\\ Enter a name, please')
    expect(messages.contact.modalTitle).toBe('Save a new contact !')
    expect(messages.discussion.cannotSend).toBe(
      "You can't send a message because you are not a member of this shared folder.",
    )
    expect(messages.notFound.text).toBe('The page you are looking for does not exist!')
    expect(messages.poll.eliminatory).toBe('(Éliminatoire)')
    expect(messages.poll.noResponse).toBe('Aucune réponse enregistrée pour ce poll')
  })

  it('builds the texts with variable parts', () => {
    expect(messages.wall.empty()).toBe("You don't have any Post")
    expect(messages.wall.empty({ folder: 'Team' })).toBe("You don't have any Post on Team")
    expect(messages.wall.empty({ contact: 'Awa' })).toBe("You don't have any Post with Awa")
    expect(messages.wall.emptySearch()).toBe('Aucun message ne correspond à votre recherche')
    expect(messages.wall.emptySearch({ folder: 'Team' })).toBe(
      'Aucun message ne correspond à votre recherche sur Team',
    )
    expect(messages.wall.emptySearch({ contact: 'Awa' })).toBe(
      'Aucun message ne correspond à votre recherche avec Awa',
    )
    expect(messages.folder.confirmRemove('Awa', 'Team')).toBe('Remove Awa from the Team folder?')
    expect(messages.folder.addedToGroup('Team')).toBe('You have just been added to the group Team')
    expect(messages.message.tooManyRecipients(500)).toBe('A post can go to at most 500 people.')
    expect(messages.folder.tooManyMembers(500)).toBe('A folder can have at most 500 members.')
    expect(messages.wall.paging(1, 10, 42)).toBe('1 - 10 of 42')
    expect(messages.wall.moreRecipients(3)).toBe('+ 3')
    expect(messages.poll.grade(75)).toBe('Votre note : 75%')
    expect(messages.poll.resultsHeading(4)).toBe('Résultats des participants (4)')
    expect(messages.poll.correctionFor('Awa')).toBe('Correction pour Awa')
  })
})
