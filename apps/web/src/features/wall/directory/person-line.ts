import type { DirectoryPerson } from '@palabre/contracts'

/** A person's 'title · team · site', blanks skipped (docs/wall.md, "Directory"). */
export const personLine = (person: Pick<DirectoryPerson, 'title' | 'team' | 'site'>): string =>
  [person.title, person.team, person.site]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' · ')
