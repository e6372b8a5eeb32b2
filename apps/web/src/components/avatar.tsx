import { photoPath } from '@palabre/contracts'
import type { PhotoSize } from '@palabre/contracts'
import './avatar.css'

/** The initials of a name: its first letter and its last word's, upper-cased ('Chloé Martin': 'CM'). */
export const initialsOf = (name: string): string => {
  const words = name.trim().split(/\s+/u).filter(Boolean)
  const first = words[0] ?? ''
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : ''
  return (Array.from(first)[0] ?? '').concat(Array.from(last)[0] ?? '').toLocaleUpperCase()
}

/**
 * A person's picture (docs/organisation.md, "Photos"): their photo when they have one, else their
 * initials on a colour of their name. Decorative: the name beside it says who it is.
 */
export const Avatar = ({
  name,
  photo,
  size = 'small',
}: {
  name: string
  photo?: string | undefined
  size?: PhotoSize
}) =>
  photo ? (
    <img
      className={`avatar avatar--${size}`}
      src={photoPath(photo, size)}
      alt=""
      loading="lazy"
      decoding="async"
    />
  ) : (
    // Drawn by the stylesheet from `data-initials`: decoration, kept out of the row's text, so a
    // list item's or a card's text stays the person's name.
    <span
      className={`avatar avatar--${size} avatar--initials`}
      data-initials={initialsOf(name)}
      aria-hidden="true"
    />
  )
