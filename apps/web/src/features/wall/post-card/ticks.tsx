import { useTranslation } from 'react-i18next'
import type { TickKind } from '../format/ticks'
import { CheckIcon, ClockIcon, DoubleCheckIcon } from './icons'
import './ticks.css'

const labelKeys = {
  sent: 'wall.card.ticks.sent',
  delivered: 'wall.card.ticks.delivered',
  seen: 'wall.card.ticks.seen',
  pending: 'wall.card.ticks.pending',
} as const

const icons = {
  sent: CheckIcon,
  delivered: DoubleCheckIcon,
  seen: DoubleCheckIcon,
  pending: ClockIcon,
} as const

/**
 * One delivery mark (docs/wall.md, "Ticks"): a single tick once sent, a double tick once
 * delivered, a blue double tick once read, a clock while sending. Colour alone never tells
 * delivered from read: the label says it.
 */
export const Ticks = ({ kind }: { kind: TickKind }) => {
  const { t } = useTranslation()
  const Icon = icons[kind]
  return (
    <span
      className={`ticks ticks--${kind}`}
      role="img"
      aria-label={t(labelKeys[kind])}
      data-ticks={kind}
    >
      <Icon />
    </span>
  )
}
