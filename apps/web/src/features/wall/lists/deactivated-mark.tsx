import { useTranslation } from 'react-i18next'
import './deactivated-mark.css'

/**
 * The mark beside a person an administrator deactivated (docs/wall.md, "Deactivated people"):
 * a small 'deactivated' badge, read with the name it follows, and its explanation as a tooltip.
 * The name beside it takes `deactivatedName`.
 */
export const DeactivatedMark = () => {
  const { t } = useTranslation()
  return (
    <span className="deactivated-mark" title={t('wall.layout.deactivatedTitle')}>
      {t('wall.layout.deactivated')}
    </span>
  )
}

/** The class of a deactivated person's name: muted. */
export const deactivatedName = 'deactivated-name'

/** A class list with the muted name's class added when the person is deactivated. */
export const withDeactivated = (className: string, deactivated: boolean | undefined): string =>
  deactivated === true ? `${className} ${deactivatedName}` : className
