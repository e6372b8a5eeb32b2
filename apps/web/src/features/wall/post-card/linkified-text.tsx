import Linkify from 'linkify-react'

/**
 * Links in a post or comment open in a new tab without handing it our window (docs/wall.md,
 * "Post card"). Linkify builds React elements from the text: no HTML is ever injected.
 */
const options = {
  target: '_blank',
  rel: 'noopener noreferrer',
  defaultProtocol: 'https',
} as const

export const LinkifiedText = ({ text }: { text: string }) => (
  <Linkify options={options}>{text}</Linkify>
)
